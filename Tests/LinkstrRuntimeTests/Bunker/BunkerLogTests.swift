import Foundation
import LinkstrRuntime
import NostrCore
import PluginTesting
import Testing

/// The bunker's log and request ids in the account, in process (memory storage).
@Suite(.timeLimit(.minutes(1))) struct BunkerLogTests {
    let relay = FakeRelay()
    let scratch = TestScratch()

    @Test func theLogKeepsTheNewestEntriesOnly() async throws {
        defer { scratch.remove() }
        let account = try InProcessHome.account(scratch, relay: relay)
        let client = Keypair.generate().publicKey
        let total = BunkerRecords.bunkerLogCapacity + 150
        for time in 0..<total {
            try await BunkerRecords.recordBunkerRequest(BunkerLogEntry(client: client, method: "sign_event", kind: 1, time: Int64(time)), in: account.runtime)
        }
        let log = try await BunkerRecords.bunkerLog(in: account.runtime)
        #expect(log.count >= BunkerRecords.bunkerLogCapacity && log.count < BunkerRecords.bunkerLogCapacity + 100, "\(log.count)")
        #expect(log.last?.time == Int64(total - 1), "the newest stay")
        #expect(log.first.map { $0.time >= 150 - 100 } == true, "the oldest went: \(log.first?.time ?? -1)")
    }

    @Test func aRequestIDIsKnownOnceAndForgottenWhenOld() async throws {
        defer { scratch.remove() }
        let account = try InProcessHome.account(scratch, relay: relay)
        let client = Keypair.generate().publicKey
        #expect(try await BunkerRecords.rememberBunkerRequest(client: client, id: "a", time: 1000, forgettingBefore: 940, in: account.runtime))
        #expect(try await !BunkerRecords.rememberBunkerRequest(client: client, id: "a", time: 1000, forgettingBefore: 940, in: account.runtime), "a replay")
        #expect(try await BunkerRecords.rememberBunkerRequest(client: Keypair.generate().publicKey, id: "a", time: 1000, forgettingBefore: 940, in: account.runtime),
                "another client's id")
        #expect(try await BunkerRecords.rememberBunkerRequest(client: client, id: "b", time: 1100, forgettingBefore: 1040, in: account.runtime))
        #expect(try await BunkerRecords.rememberBunkerRequest(client: client, id: "a", time: 1100, forgettingBefore: 1040, in: account.runtime),
                "forgotten once older than what is refused anyway")
    }
}
