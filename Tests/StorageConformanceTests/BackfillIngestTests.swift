import LinkstrEngine
@_spi(Benchmark) import LinkstrRuntime
import LinkstrHost
import NostrCore
import Testing

/// What `linkstr sync` does with the wraps a backfill delivers (through `InboxSync.ingest`, the
/// same steps minus the relays), on SQLite: any order, and a second sync that gets the same wraps
/// again (every sync asks for the last two days again) changes and counts nothing but receipts.
@Suite struct BackfillIngestTests {
    let alice = LocalSigner(keypair: .generate())
    let bob = LocalSigner(keypair: .generate())
    let now: Int64 = 1_800_000_000

    func runtime(_ test: TestStore, at time: Int64? = nil) throws -> AccountRuntime {
        let home = Scratch.directory("backfill-home")
        let host = LinkstrHost(
            paths: LinkstrPaths.resolve(home: home, configFile: nil, environment: [:]), configuration: Configuration(),
            log: HostLog(threshold: .error))
        let time = time ?? now + 100
        return try AccountRuntime(host: host, backend: test.backend, secretKey: bob.keypair.secretKey, clock: { time })
    }

    func wrap(_ message: OutboundMessage, from sender: LocalSigner, to recipient: PublicKey) throws -> Event {
        try GiftWrap.giftWrap(rumor: message.rumor.unsigned, sender: sender, recipient: recipient, now: now).event
    }

    @Test func anyOrderThenTheSameWrapsAgain() async throws {
        let sender = LinkstrEngine(me: alice.publicKey, store: MemoryEngineStore())
        let session = try sender.createSession(name: "Links", members: [bob.publicKey], now: now)
        _ = try sender.confirm(session, wraps: [(WrapID(EventID(bytes: Array(repeating: 1, count: 32))!), SecretKey.generate())], now: now)
        let post = try sender.post(session.payload.sessionID, url: "https://example.com/a", note: nil, now: now + 1)
        _ = try sender.confirm(post, wraps: [(WrapID(EventID(bytes: Array(repeating: 2, count: 32))!), SecretKey.generate())], now: now + 1)
        let reaction = try sender.react(session.payload.sessionID, postID: post.id, emoji: "👍", active: true, now: now + 2)
        let postWrap = try wrap(post, from: alice, to: bob.publicKey)
        // Newest first, the post twice, and a wrap for someone else (it does not open).
        let wraps = [
            try wrap(reaction, from: alice, to: bob.publicKey), postWrap, try wrap(session, from: alice, to: bob.publicKey), postWrap,
            try wrap(post, from: alice, to: alice.publicKey),
        ]

        let test = try TestStore.open(.sqlite)
        defer { test.close() }
        let first = try await InboxSync.ingest(wraps, in: runtime(test))
        #expect(first.received == 5)
        #expect(first.accepted == 3)
        // The reaction waited for the session, then for its post; the post for the session: all
        // arrived, so nothing still waits.
        #expect(first.staged == 0)
        #expect(first.rejected == 1)

        let again = try runtime(test)
        let second = try await InboxSync.ingest(wraps, in: again)
        #expect(second.received == 5)
        #expect(second.accepted == 0)
        #expect(second.staged == 0)
        #expect(second.rejected == 0)
        let feed = try await SessionFeed.posts(session.payload.sessionID, limit: nil, in: again)
        #expect(feed.map(\.post.id) == [post.id])
        #expect(feed.first?.reactions.map(\.emoji) == ["👍"])
        #expect(feed.first?.post.unread == false)  // restored into an empty store: history is read
    }

    /// A copy of a wrap with a bad signature is rejected before the seen-check and does not make the
    /// wrap its id names seen: the authentic wrap, delivered after it, is ingested.
    @Test func aForgedCopyDoesNotShadowTheAuthenticWrap() async throws {
        let sender = LinkstrEngine(me: alice.publicKey, store: MemoryEngineStore())
        let session = try sender.createSession(name: "Links", members: [bob.publicKey], now: now)
        let authentic = try wrap(session, from: alice, to: bob.publicKey)
        let other = try wrap(session, from: alice, to: bob.publicKey)
        let forged = Event(
            id: authentic.id, pubkey: authentic.pubkey, createdAt: authentic.createdAt, kind: authentic.kind, tags: authentic.tags,
            content: authentic.content, sig: other.sig)
        let test = try TestStore.open(.sqlite)
        defer { test.close() }
        let report = try await InboxSync.ingest([forged, authentic], in: runtime(test))
        #expect(report.received == 2)
        #expect(report.rejected == 1)
        #expect(report.accepted == 1)
        #expect(try test.backend.count(owner: bob.publicKey.rawBytes, collection: "wrap") == 1)
    }

    /// A seen mark is kept while a relay may still send its wrap (every sync asks again from the last
    /// sync minus the lookback), and dropped after.
    @Test func seenMarksOlderThanTheRelayWindowArePruned() async throws {
        let sender = LinkstrEngine(me: alice.publicKey, store: MemoryEngineStore())
        let session = try sender.createSession(name: "Links", members: [bob.publicKey], now: now)
        _ = try sender.confirm(session, wraps: [(WrapID(EventID(bytes: Array(repeating: 1, count: 32))!), SecretKey.generate())], now: now)
        let first = try wrap(session, from: alice, to: bob.publicKey)
        let test = try TestStore.open(.sqlite)
        defer { test.close() }
        func marks() throws -> UInt64 { try test.backend.count(owner: bob.publicKey.rawBytes, collection: "wrap") }

        _ = try await InboxSync.ingest([first], in: runtime(test, at: now + 100))
        #expect(try marks() == 1)
        // Within the window the mark stays: the wrap would be a duplicate.
        let window = InboxSync.seenWrapRetention
        let inside = try await InboxSync.ingest([first], in: runtime(test, at: now + 100 + window))
        #expect(inside.received == 1 && inside.accepted == 0)
        #expect(try marks() == 1)

        let post = try sender.post(session.payload.sessionID, url: "https://example.com/a", note: nil, now: now + 50)
        let second = try wrap(post, from: alice, to: bob.publicKey)
        _ = try await InboxSync.ingest([second], in: runtime(test, at: now + 101 + window))
        #expect(try marks() == 1)
    }
}
