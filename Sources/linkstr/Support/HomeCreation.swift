import Foundation
import LinkstrRuntime

/// A command that may start a new home (it creates an account, or builds a home of its own): the
/// only ones that run when the folder `--home` or `LINKSTR_HOME` names does not exist. Any other
/// command there would make an empty home out of a typo.
protocol CreatesHome {}

extension AccountCommand.Create: CreatesHome {}
extension AccountCommand.Import: CreatesHome {}
extension AccountCommand.Connect: CreatesHome {}
extension ProfileCommand.Add: CreatesHome {}
extension ProfileCommand.Import: CreatesHome {}
extension DemoCommand: CreatesHome {}

extension GlobalOptions {
    /// Exit 3 when the home chosen by `--home` or `LINKSTR_HOME` does not exist (the XDG folders
    /// are the default, not a choice, and are made on first use).
    func requireExistingHome() throws(CLIFailure) {
        let environment = ProcessInfo.processInfo.environment
        let paths = LinkstrPaths.resolve(home: home, configFile: config, environment: environment)
        guard let folder = paths.home, !FileManager.default.fileExists(atPath: folder) else { return }
        let source = home != nil ? "--home" : "LINKSTR_HOME"
        throw CLIFailure(
            .noAccount,
            "there is no linkstr home at \(folder) (from \(source)); check the name, or create it with `linkstr account create`, "
                + "`account import` or `profile import`")
    }
}
