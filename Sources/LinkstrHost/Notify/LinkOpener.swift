import Foundation

/// Opens the link of a notification the user clicked: `xdg-open <link>`, or the notifier's
/// `open_command` with the link appended — an argument array, never a shell. Only http and https
/// links are opened, since the link came from someone else.
///
/// Thread rule: thread-safe; `open` starts the program and returns, a failure is logged later.
struct LinkOpener: Sendable {
    let command: [String]
    let log: HostLog
    /// The notifier's plugin id, for log lines.
    let source: String

    func open(_ link: String) {
        guard let scheme = URLComponents(string: link)?.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            log.log(.warn, "not opening '\(link)': only http and https links are opened", source: source)
            return
        }
        let program = command[0]
        guard let executable = Self.locate(program) else {
            log.log(.warn, "cannot open \(link): \(program) is not installed; set open_command in [plugins.\"\(source)\"]", source: source)
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = Array(command.dropFirst()) + [link]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice  // stdout may be `linkstr watch --json`'s
        process.standardError = FileHandle.nullDevice
        let log = self.log
        let source = self.source
        process.terminationHandler = { finished in
            guard finished.terminationReason != .exit || finished.terminationStatus != 0 else { return }
            log.log(.warn, "\(program) could not open \(link) (status \(finished.terminationStatus))", source: source)
        }
        do {
            try process.run()
        } catch {
            log.log(.warn, "cannot start \(program) to open \(link): \(error.localizedDescription)", source: source)
        }
    }

    /// A program name with a `/` as it is, anything else through `$PATH`, like a shell would.
    private static func locate(_ program: String) -> String? {
        if program.contains("/") { return access(program, X_OK) == 0 ? program : nil }
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return searchPath.split(separator: ":").map { "\($0)/\(program)" }.first { access($0, X_OK) == 0 }
    }
}
