@testable import LinkstrHost
@testable import LinkstrRuntime
import PluginTesting

/// A host with the given notifier configuration, the plugins of this build loaded, and its log lines
/// recorded; state under the scratch folder.
struct DispatcherFixture {
    let host: LinkstrHost
    let logLines = LogLines()

    init(_ scratch: TestScratch, notifiers: [String]?, settings: [String: [String: String]]) {
        var configuration = Configuration()
        configuration.notifiers = notifiers
        configuration.pluginSettings = settings
        let paths = LinkstrPaths.resolve(home: scratch.path, configFile: nil, environment: [:])
        host = LinkstrHost(paths: paths, configuration: configuration, log: HostLog(threshold: .info, sink: { [logLines] in logLines.append($0) }))
        host.loadPlugins(discovery: PluginDiscovery(configuration: configuration, paths: paths, executableDirectory: BuildProducts.directory))
    }

    func start() -> NotificationDispatcher {
        NotificationDispatcher.start(host: host)
    }
}
