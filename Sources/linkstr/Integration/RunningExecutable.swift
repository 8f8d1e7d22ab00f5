import Foundation
import Glibc

/// The absolute path of the `linkstr` program the systemd unit and the desktop file run.
enum RunningExecutable {
    /// This program (`/proc/self/exe`, links resolved), e.g. to run it again as a child.
    static var current: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    }

    /// The program `name` beside this one, where `make install` puts linkstr's own programs
    /// (`linkstr-demo`, `linkstr-storage-conformance`).
    static func sibling(_ name: String) throws(CLIFailure) -> String {
        let path = URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(name).path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw CLIFailure(.failed, "\(path) is missing: linkstr runs it for this command; install linkstr again (`make install`) to put it beside \(current)")
        }
        return path
    }

    /// Runs the program `name` beside this one in place of this process: the same process id,
    /// terminal, signals and exit status, as if it had been started directly.
    static func replace(with name: String, arguments: [String]) throws(CLIFailure) -> Never {
        let program = try sibling(name)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        execv(program, argv)
        throw CLIFailure(.failed, "cannot run \(program): \(String(cString: strerror(errno)))")
    }

    /// `--exec` when given (made absolute), else this program (`/proc/self/exe`, links resolved).
    static func path(override: String?) throws(CLIFailure) -> String {
        guard let override else { return current }
        guard !override.isEmpty, !override.contains("\n") else {
            throw CLIFailure(.usage, "--exec needs the path of the linkstr program, on one line")
        }
        return IntegrationFile.absolute(override)
    }
}
