import ArgumentParser
import Foundation
import LinkstrHost

/// `linkstr browser uninstall`: removes the manifests and the launcher `browser install` wrote. A
/// file linkstr did not write is left alone.
struct BrowserUninstallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "uninstall",
        abstract: "Remove the native-messaging manifests and the launcher `linkstr browser install` wrote.",
        discussion: """
            Nothing to remove is not an error. A manifest that linkstr did not write is refused.

            Example:
              linkstr browser uninstall
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var browsers: BrowserManifestOptions

    func run() throws {
        let paths = LinkstrPaths.resolve(home: global.home, configFile: global.config, environment: ProcessInfo.processInfo.environment)
        var removed: [String] = []
        for (_, folder) in browsers.folders() {
            let path = folder + "/" + BrowserNativeHost.manifestFileName
            guard let text = try IntegrationFile.read(path) else { continue }
            guard BrowserNativeHost.isOurs(text) else {
                throw CLIFailure(.failed, "\(path) was not written by `linkstr browser install`; remove it yourself if you mean to")
            }
            try IntegrationFile.remove(path)
            removed.append(path)
        }
        let launcher = BrowserNativeHost.launcherPath(paths)
        if let text = try IntegrationFile.read(launcher), text.contains(BrowserNativeHost.launcherMarker) {
            try IntegrationFile.remove(launcher)
            removed.append(launcher)
        }
        if global.json {
            Terminal.printJSON(["removed": removed])
            return
        }
        Terminal.write(removed.isEmpty ? "nothing to remove\n" : removed.map { "removed \($0)\n" }.joined())
    }
}
