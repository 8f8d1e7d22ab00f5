import Foundation
import Glibc
import LinkstrHost
import LinkstrProcess

/// Opens the link of a notification the user clicked: `xdg-open <link>`, or the notifier's
/// `open_command` with the link appended — an argument array, never a shell. Only http and https
/// links are opened, since the link came from someone else (or, for the app's opener, only the
/// `linkstr://open` link linkstr made itself).
///
/// The program starts in a process group of its own (Ctrl-C on `linkstr watch` does not close the
/// browser), with no signal blocked whatever the calling thread blocks, and with stdin, stdout and
/// stderr on /dev/null (stdout may be `linkstr watch --json`'s).
///
/// Thread rule: thread-safe; `open` starts the program and returns; a thread reaps it and logs a
/// failure.
public struct LinkOpener: Sendable {
    let command: [String]
    let log: HostLog
    /// The notifier's plugin id (or the command), for log lines.
    let source: String
    /// The link schemes it opens.
    let schemes: Set<String>

    /// - Parameters:
    ///   - command: the program and its first arguments (`["xdg-open"]` by default).
    ///   - schemes: the link schemes it opens (the web's by default).
    public init(command: [String] = ["xdg-open"], log: HostLog, source: String, schemes: Set<String> = ["http", "https"]) {
        self.command = command.isEmpty ? ["xdg-open"] : command
        self.log = log
        self.source = source
        self.schemes = schemes
    }

    /// Starts the program on `link` and returns; the program's own failure is logged when it exits.
    /// - Throws: when the link is not http(s) or the program cannot be started.
    public func open(_ link: String) throws(LinkOpenError) {
        guard let scheme = URLComponents(string: link)?.scheme?.lowercased(), schemes.contains(scheme) else {
            throw .notAWebLink(link)
        }
        let program = command[0]
        guard let executable = Self.locate(program) else { throw .programMissing(program: program, link: link) }
        let pid: pid_t
        switch DetachedProcess.spawn(executable, Array(command.dropFirst()) + [link]) {
        case .success(let spawned): pid = spawned
        case .failure(let failure): throw .cannotStart(program: program, link: link, reason: failure.description)
        }
        let log = self.log
        let source = self.source
        DetachedProcess.reapWhenEnded(pid) { status in
            guard status != 0 else { return }
            log.log(.warn, "\(program) could not open \(link) (wait status \(status))", source: source)
        }
    }

    /// A program name with a `/` as it is, anything else through `$PATH`, like a shell would.
    private static func locate(_ program: String) -> String? {
        if program.contains("/") { return access(program, X_OK) == 0 ? program : nil }
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return searchPath.split(separator: ":").map { "\($0)/\(program)" }.first { access($0, X_OK) == 0 }
    }
}
