import LinkstrHost
import LinkstrPluginKit
import Testing
import TestSupport

/// An absent, unreachable or restarting PostgreSQL server.
@Suite("PostgreSQL faults", .enabled(if: BackendKind.postgresqlRequested))
struct PostgreSQLFaultTests {
    @Test("an unreachable server gives an error naming host and port")
    func unreachable() throws {
        let error = try #require(throws: PluginError.self) {
            try TestStore.open(.postgresql, location: "postgresql://postgres@127.0.0.1:1/linkstr?connect_timeout=3")
        }
        #expect(error.status == .unavailable)
        #expect(error.message.contains("127.0.0.1:1/linkstr"), "\(error.message)")
        #expect(error.message.contains("cannot connect"))
    }

    @Test("no url configured is explained")
    func noURL() throws {
        let error = try #require(throws: PluginError.self) { try TestStore.open(.postgresql, location: "") }
        #expect(error.status == .invalid)
        #expect(error.message.contains("url"))
    }

    @Test("a server restarted during work is reconnected to; one that stays down gives a clear error")
    func restartDuringWork() throws {
        let server = try PostgreSQLServer.start()
        defer { server.stop() }
        let store = try TestStore.open(.postgresql, location: server.url)
        defer { store.close() }
        let owner = Records.owner()
        try store.backend.apply((0..<100).map { .put(Records.post(owner, "before-\($0)")) })

        try server.restart()
        try store.backend.apply((0..<100).map { .put(Records.post(owner, "after-\($0)")) })
        #expect(try store.backend.count(owner: owner) == 200)
        #expect(store.host.logLines.contains { $0.level == .warn && $0.message.contains("reconnecting") })

        try server.restart()
        #expect(try store.backend.query(StorageQuery(owner: owner, collection: "post", limit: 3)).count == 3, "reads reconnect too")

        server.stop()
        let error = try #require(throws: PluginError.self) { try store.backend.count(owner: owner) }
        #expect(error.status == .unavailable)
        #expect(error.message.contains(server.hostAndPort), "\(error.message)")
        #expect(error.message.contains("reconnecting failed"), "\(error.message)")
    }
}
