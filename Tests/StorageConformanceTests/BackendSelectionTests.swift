import Foundation
import LinkstrHost
import LinkstrPluginKit
import PluginTesting
import Testing

/// `storage = "…"` in config.toml chooses the backend at run time, with no rebuild.
@Suite("Storage selection")
struct BackendSelectionTests {
    private func host(config: String) throws -> LinkstrHost {
        let home = Scratch.directory("home")
        try config.write(toFile: home + "/config.toml", atomically: false, encoding: .utf8)
        let host = try LinkstrHost.open(home: home, configFile: nil, environment: [:])
        host.loadPlugins(
            discovery: PluginDiscovery(configuration: host.configuration, paths: host.paths, executableDirectory: BuildProducts.directory))
        return host
    }

    @Test("the configuration swaps SQLite and memory")
    func swap() throws {
        // `--storage memory` on the command line names the plugin by its short name.
        let memoryID = try #require(LinkstrHost.builtInStorage["memory"])
        let memoryHost = try host(config: "storage = \"\(memoryID)\"\n")
        defer { memoryHost.stop() }
        let memory = try memoryHost.openStorage()
        #expect(memory.pluginID == "org.linkstr.storage.memory")
        #expect(memory.describe()?.contains("\"backend\":\"memory\"") == true)

        let sqliteHost = try host(config: "storage = \"org.linkstr.storage.sqlite\"\n")
        defer { sqliteHost.stop() }
        let sqlite = try sqliteHost.openStorage()
        #expect(sqlite.pluginID == "org.linkstr.storage.sqlite")
        let description = try #require(sqlite.describe())
        #expect(description.contains(sqliteHost.paths.dataDirectory + "/linkstr.sqlite"), "default path in the data dir: \(description)")
        let owner = Records.owner()
        try sqlite.apply([.put(Records.post(owner, "p"))])
        #expect(try sqlite.count(owner: owner) == 1)
    }

    @Test("with no storage setting SQLite is the default")
    func defaultIsSQLite() throws {
        let host = try host(config: "")
        defer { host.stop() }
        #expect(try host.openStorage().pluginID == "org.linkstr.storage.sqlite")
    }

    @Test("a database that cannot be opened is a plugin error naming the path (the CLI exits 4)")
    func unopenable() throws {
        let folder = Scratch.directory("unopenable")
        let path = folder + "/broken.sqlite"
        try "not a database".write(toFile: path, atomically: false, encoding: .utf8)
        let host = try host(config: "storage = \"org.linkstr.storage.sqlite\"\n[plugins.\"org.linkstr.storage.sqlite\"]\npath = \"\(path)\"\n")
        defer { host.stop() }
        #expect {
            _ = try host.openStorage()
        } throws: { error in
            guard case HostError.plugin(let pluginError) = error else { return false }
            return pluginError.message.contains(path) && pluginError.status == .io
        }
    }

    @Test("a backend that is not installed is named in the error")
    func notInstalled() throws {
        let host = try host(config: "storage = \"org.example.storage.cassandra\"\n")
        defer { host.stop() }
        #expect {
            _ = try host.openStorage()
        } throws: { error in
            guard case HostError.selection(let selection) = error else { return false }
            return selection.description.contains("org.example.storage.cassandra") && selection.description.contains("org.linkstr.storage.sqlite")
        }
    }
}
