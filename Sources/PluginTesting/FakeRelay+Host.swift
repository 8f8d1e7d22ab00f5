import Foundation
import LinkstrHost
import LinkstrPluginKit

/// Hosts that use the fake relay as their transport.
extension FakeRelay {
    /// The relay address ``makeHost(home:relays:plugins:log:)`` lists by default.
    public static let defaultURL = "wss://relay.fake.test"

    /// Selects this relay as the transport of `configuration` and names it in the plugin's section.
    public func configure(_ configuration: inout Configuration) {
        configuration.transport = Self.pluginID
        configuration.pluginSettings[Self.pluginID] = pluginSettings
    }

    /// A host for in-process tests: its home is `home` (a new folder in the system's temporary folder
    /// by default; the caller removes it), its plugins are exactly the `plugins` files (the memory
    /// storage plugin by default) plus this relay, selected as the transport, and its relay list is
    /// `relays`, its other settings those of `configuration`. Give a storage plugin's file to test
    /// it against a runtime.
    ///
    /// - Throws: ``FakeRelayHostError`` naming a plugin the host refused (e.g. a file not built).
    public func makeHost(
        home: String? = nil, relays: [String] = [FakeRelay.defaultURL], plugins: [String] = [BuildProducts.plugin("memory")],
        log: HostLog = HostLog(threshold: .error), configuration settings: Configuration = Configuration()
    ) throws(FakeRelayHostError) -> LinkstrHost {
        if let missing = plugins.first(where: { !FileManager.default.fileExists(atPath: $0) }) {
            throw FakeRelayHostError(description: "no plugin file at \(missing); build it first (swift build)")
        }
        let folder: String
        if let home { folder = home } else { folder = try Self.temporaryHome() }
        var configuration = settings
        configuration.relays = relays
        configure(&configuration)
        let host = LinkstrHost(paths: LinkstrPaths.resolve(home: folder, configFile: nil, environment: [:]), configuration: configuration, log: log)
        let registry = host.loadPlugins(discovery: PluginDiscovery(files: plugins), inProcess: [Self.descriptor])
        if let refusal = registry.refused.first { throw FakeRelayHostError(description: refusal.description) }
        return host
    }

    private static func temporaryHome() throws(FakeRelayHostError) -> String {
        var template = Array((NSTemporaryDirectory() + "/linkstr-fake-relay-XXXXXX").utf8CString)
        guard let folder = mkdtemp(&template) else {
            throw FakeRelayHostError(description: "cannot make a temporary home: \(String(cString: strerror(errno)))")
        }
        return String(cString: folder)
    }
}
