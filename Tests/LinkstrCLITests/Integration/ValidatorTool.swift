import Foundation

/// The external checkers the integration tests run (`systemd-analyze`, `desktop-file-validate`, …):
/// present on a machine set up by scripts/bootstrap.sh; a test that needs a missing one is skipped
/// with the package to install.
enum ValidatorTool {
    static let systemdAnalyze = "/usr/bin/systemd-analyze"
    static let desktopFileValidate = "/usr/bin/desktop-file-validate"
    static let updateDesktopDatabase = "/usr/bin/update-desktop-database"
    static let appstreamcli = "/usr/bin/appstreamcli"

    static func isInstalled(_ path: String) -> Bool {
        FileManager.default.isExecutableFile(atPath: path)
    }

    /// A `PATH` folder holding only links to the given programs (those that exist), so a command
    /// under test finds exactly these helpers and none of the machine's others (say, the real
    /// `systemctl` or `xdg-mime`).
    static func pathFolder(in scratch: TestScratch, with programs: [String]) throws -> String {
        let folder = scratch.folder("bin")
        for program in programs where isInstalled(program) {
            try FileManager.default.createSymbolicLink(
                atPath: folder + "/" + (program as NSString).lastPathComponent, withDestinationPath: program)
        }
        return folder
    }
}
