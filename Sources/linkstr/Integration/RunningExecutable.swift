import Foundation

/// The absolute path of the `linkstr` program the systemd unit and the desktop file run.
enum RunningExecutable {
    /// This program (`/proc/self/exe`, links resolved), e.g. to run it again as a child.
    static var current: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
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
