import Foundation
import LinkstrHost
import LinkstrRuntime
import NostrCore
import PluginTesting

/// One linkstr home in this process, put together by a `LinkstrApp` as the command line puts it
/// together: its config.toml names `relay` as the transport (compiled in, see `InProcessPlugin`),
/// storage is the memory backend, and the key is a plain file. Every use case runs on it in
/// milliseconds, with no program started and no socket.
struct InProcessHome {
    let configuration: RuntimeConfiguration

    /// - Parameters:
    ///   - relays: `relays = [...]` of config.toml (none: the defaults).
    ///   - settings: more config.toml lines (top-level keys).
    init(_ scratch: TestScratch, relay: FakeRelay, relays: [String] = [FakeRelay.defaultURL], settings: String = "") {
        let name = "home-" + UUID().uuidString.prefix(8)
        let home = scratch.folder(name)
        let relayList = relays.isEmpty ? "" : "relays = [" + relays.map { "\"\($0)\"" }.joined(separator: ", ") + "]\n"
        var sections = ""
        for (key, value) in relay.pluginSettings { sections += "\(key) = \"\(value)\"\n" }
        let text = "transport = \"\(FakeRelay.pluginID)\"\n" + relayList + settings + "\n[plugins.\"\(FakeRelay.pluginID)\"]\n" + sections
        _ = scratch.write(name + "/config.toml", text)  // 0600: a config.toml holding a secret must be the owner's alone
        configuration = RuntimeConfiguration(
            home: home, storage: "memory", environment: ["HOME": home], inProcessPlugins: [InProcessPlugin(FakeRelay.descriptor)])
    }

    /// The account files of this home.
    func accounts() throws -> AccountManager {
        try app().accounts()
    }

    /// A new app of this home (the caller closes it).
    func app() -> LinkstrApp {
        LinkstrApp(configuration)
    }

    /// Stores `key` as the account of this home (as `linkstr account import` does).
    @discardableResult
    func createAccount(_ key: SecretKey = .generate(), name: String? = nil) throws -> AccountFile {
        try accounts().save(key, name: name, keyStore: .plain, now: 1_767_225_600)
    }

    /// The account, opened by a new app of this home.
    func open() throws -> OpenedAccount {
        try app().account()
    }

    /// A new home with a new account, opened.
    static func account(_ scratch: TestScratch, relay: FakeRelay, key: SecretKey = .generate()) throws -> OpenedAccount {
        try app(scratch, relay: relay, key: key).account()
    }

    /// The app of a new home with a new account.
    static func app(_ scratch: TestScratch, relay: FakeRelay, key: SecretKey = .generate()) throws -> LinkstrApp {
        let home = InProcessHome(scratch, relay: relay)
        try home.createAccount(key)
        return home.app()
    }
}
