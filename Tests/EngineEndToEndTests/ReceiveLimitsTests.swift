import Foundation
import PluginTesting
import Testing

/// The iPhone app has no per-field limits: what it can send is what a Linux member sees.
@Suite("End to end: what the iPhone app can send is received", .timeLimit(.minutes(1)))
struct ReceiveLimitsTests {
    @Test("a session with a long name and 300 members, a 10 KiB note and a 5 KiB URL are all accepted")
    func longFieldsAreAccepted() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let home = try LinkstrHome.create(scratch, "bob", relays: [relay.url])
        let peer = Peer.generate()
        let session = IPhone.token()
        let now = Int64(Date().timeIntervalSince1970)
        let name = String(repeating: "Long weekend videos ", count: 20)  // 400 bytes
        let members = [peer.pubkey, home.pubkey] + (0..<298).map { _ in Peer.generate().pubkey }
        let note = String(repeating: "a note that goes on ", count: 512)  // 10 KiB
        let url = "https://example.com/" + String(repeating: "x", count: 5_000)
        try await PeerScript.send([
            peer.message(IPhone.sessionCreate(session, name: name, members: members, at: now - 60), to: [home.pubkey], at: now - 60),
            peer.message(IPhone.root(session, url: url, note: note, at: now - 30), to: [home.pubkey], at: now - 30),
        ], relay: relay.url, scratch: scratch)

        let counts = try home.sync()
        #expect(counts.accepted == 2 && counts.rejected == 0, "\(counts.rejections)")
        let shown = try #require(try home.sessions().first { $0.id == session })
        #expect(shown.name == name.trimmingCharacters(in: .whitespaces))
        #expect(shown.members.count == 300)
        let feed = try home.feed(session)
        #expect(feed.map(\.url) == [url])
        #expect(feed.first?.note == note)
    }
}
