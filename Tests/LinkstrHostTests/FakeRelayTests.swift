import Foundation
import LinkstrHost
import LinkstrRuntime
import LinkstrPluginKit
import NostrCore
import PluginABI
import PluginTesting
import Testing

/// PluginTesting's FakeRelay through the host's `RelayClient` (its C vtable, as the host uses every
/// transport): statuses, stored events then EOSE then live ones, filters, limits, the NIP-01 store
/// rules, refusals and relays that are down.
@Suite struct FakeRelayTests {
    static let first = "wss://first.fake.test"
    static let second = "wss://second.fake.test"
    let relay = FakeRelay()
    let alice = LocalSigner(keypair: .generate())
    let bob = LocalSigner(keypair: .generate())
    let now = Int64(Date().timeIntervalSince1970)

    /// A transport instance of `relay` in a FakeHost, wrapped in the host's pool, with `urls` set.
    func pool(_ urls: [String] = [Self.first]) throws -> RelayClient {
        let host = FakeHost(pluginID: FakeRelay.pluginID, config: relay.pluginSettings)
        let transport = try host.load(descriptor: FakeRelay.descriptor).capability(LKH_CAP_TRANSPORT_V1, as: lkh_transport_v1.self)
        let pool = try RelayClient(transport: RelayTransport(transport))
        try pool.setRelays(urls.map { RelayConfiguration(url: $0) })
        return pool
    }

    func event(_ signer: LocalSigner, kind: Int = 1, at createdAt: Int64? = nil, tags: [[String]] = [], content: String = "hi") throws -> Event {
        try signer.sign(UnsignedEvent(pubkey: signer.publicKey, createdAt: createdAt ?? now, kind: kind, tags: tags, content: content))
    }

    /// The messages a subscription has received so far (the fake relay delivers before it returns),
    /// up to and including `count` of them.
    func messages(_ iterator: inout SubscriptionStream.AsyncIterator, _ count: Int) async -> [SubscriptionMessage] {
        var messages: [SubscriptionMessage] = []
        while messages.count < count, let message = await iterator.next() { messages.append(message) }
        return messages
    }

    /// Each message in a line: "stored <content> from <relay>", "new …", "EOSE from …", "duplicate from …".
    static func lines(_ messages: [SubscriptionMessage]) -> [String] {
        messages.map { message in
            switch message {
            case .event(let received): "\(received.isNew ? "new" : "stored") \(received.event.content) from \(received.relay)"
            case .duplicate(let relay, _, _): "duplicate from \(relay)"
            case .endOfStoredEvents(let relay): "EOSE from \(relay)"
            case .rejected(let relay, let reason): "rejected from \(relay): \(reason)"
            case .closed(let relay, let message): "closed by \(relay): \(message)"
            }
        }
    }

    static func ids(_ messages: [SubscriptionMessage]) -> [EventID] {
        messages.compactMap { if case .event(let received) = $0 { received.event.id } else { nil } }
    }

    // MARK: Relays

    @Test func everyRelayIsConnectedWhenSetRelaysReturns() throws {
        let pool = try pool([Self.first, Self.second])
        #expect(pool.statuses == [Self.first: .connected, Self.second: .connected])
        let states = pool.relayStates()
        #expect(states.map(\.url) == [Self.first, Self.second])
        #expect(states.map(\.status) == [.connected, .connected])

        try pool.setRelays([RelayConfiguration(url: Self.second, read: false, write: false)])
        #expect(pool.statuses == [Self.first: .disabled, Self.second: .disabled])
        #expect(pool.lastErrors[Self.first] == "removed from the relay list")
    }

    @Test func aRelayThatIsDownFailsWithItsReasonAndServesTheOpenSubscriptionsWhenItComesUp() async throws {
        relay.setBehaviour(.down(reason: "connection refused"), for: Self.second)
        let publisher = try pool()
        let stored = try event(alice)
        _ = try await publisher.publish(stored)

        let reader = try pool([Self.first, Self.second])
        #expect(reader.statuses[Self.second] == .failed)
        #expect(reader.relayStates().first { $0.url == Self.second }?.error == "connection refused")
        var iterator = try reader.subscribe("notes", filters: [Filter(kinds: [1])]).makeAsyncIterator()
        #expect(Self.lines(await messages(&iterator, 2)) == ["stored hi from \(Self.first)", "EOSE from \(Self.first)"])

        relay.setBehaviour(.online, for: Self.second)
        #expect(reader.statuses[Self.second] == .connected)
        // The event comes again from the second relay (a duplicate for the subscription), then its EOSE.
        #expect(Self.lines(await messages(&iterator, 2)) == ["duplicate from \(Self.second)", "EOSE from \(Self.second)"])
    }

    // MARK: Subscriptions

    @Test func aSubscriptionGetsTheStoredEventsNewestFirstUpToItsLimitThenEOSEThenNewEvents() async throws {
        let publisher = try pool()
        let events = try (0..<3).map { try event(alice, at: now - 10 + Int64($0)) }
        for event in events { _ = try await publisher.publish(event) }

        let reader = try pool()
        var iterator = try reader.subscribe("latest", filters: [Filter(authors: [alice.publicKey], limit: 2)]).makeAsyncIterator()
        let stored = await messages(&iterator, 3)
        #expect(Self.ids(stored) == [events[2].id, events[1].id])
        #expect(stored.last == .endOfStoredEvents(relay: Self.first))

        let later = try event(alice, content: "later")
        _ = try await publisher.publish(later)
        #expect(Self.lines(await messages(&iterator, 1)) == ["new later from \(Self.first)"])
        #expect(relay.openSubscriptions == [
            FakeRelaySubscription(id: "latest", filters: [Filter(authors: [alice.publicKey], limit: 2)], relays: [Self.first])
        ])

        reader.unsubscribe("latest")
        #expect(relay.openSubscriptions.isEmpty)
        _ = try await publisher.publish(try event(alice, content: "after closing"))
        #expect(await iterator.next() == nil)
    }

    @Test func filtersSelectByIDAuthorKindTagAndTime() async throws {
        let publisher = try pool()
        let note = try event(alice, kind: 1, at: now - 100, tags: [["p", bob.publicKey.hex]])
        let wrap = try event(alice, kind: 1059, at: now - 50, tags: [["p", bob.publicKey.hex]])
        let reply = try event(bob, kind: 1, at: now, tags: [["e", note.id.hex]])
        for event in [note, wrap, reply] { _ = try await publisher.publish(event) }

        let reader = try pool()
        let cases: [(Filter, [EventID])] = [
            (Filter(ids: [wrap.id]), [wrap.id]),
            (Filter(authors: [bob.publicKey]), [reply.id]),
            (Filter(kinds: [1059], pubkeyReferences: [bob.publicKey]), [wrap.id]),
            (Filter(pubkeyReferences: [bob.publicKey]), [wrap.id, note.id]),
            (Filter(eventReferences: [note.id]), [reply.id]),
            (Filter(since: now - 50), [reply.id, wrap.id]),
            (Filter(until: now - 50), [wrap.id, note.id]),
            (Filter(kinds: [1], since: now - 100, until: now - 1), [note.id]),
            (Filter(limit: 0), []),
        ]
        for (index, (filter, expected)) in cases.enumerated() {
            var iterator = try reader.subscribe("case-\(index)", filters: [filter]).makeAsyncIterator()
            let received = await messages(&iterator, expected.count + 1)
            #expect(Self.ids(received) == expected, "filter \(filter.jsonString())")
            #expect(received.last == .endOfStoredEvents(relay: Self.first), "filter \(filter.jsonString())")
            #expect(relay.storedEvents(matching: filter).map(\.id) == expected)
        }
        // Two filters: their matches together, each cut to its own limit, newest first.
        var iterator = try reader.subscribe("both", filters: [Filter(ids: [note.id]), Filter(kinds: [1], limit: 1)]).makeAsyncIterator()
        #expect(Self.ids(await messages(&iterator, 3)) == [reply.id, note.id])
    }

    @Test func aFilterKeyTheFakeDoesNotImplementIsRefusedNotIgnored() throws {
        let host = FakeHost(pluginID: FakeRelay.pluginID, config: relay.pluginSettings)
        let transport = try host.load(descriptor: FakeRelay.descriptor).capability(LKH_CAP_TRANSPORT_V1, as: lkh_transport_v1.self)
        #expect(throws: PluginError(.unsupported, "the fake relay does not support the filter key '#t'")) {
            var error = LKHErrorSlot.make()
            let filters = Array(##"[{"#t":["nostr"]}]"##.utf8)
            let status = filters.withUnsafeBufferPointer { buffer in
                transport.vtable.pointee.subscribe!(transport.rawInstance, "tags", lkh_bytes(data: buffer.baseAddress, len: buffer.count), &error)
            }
            if status != LKH_OK { throw PluginError(status: status, error: &error) }
        }
    }

    @Test func injectedEventsReachTheMatchingSubscriptions() async throws {
        let reader = try pool()
        var iterator = try reader.subscribe("wraps", filters: [Filter(kinds: [1059], pubkeyReferences: [bob.publicKey])]).makeAsyncIterator()
        #expect(Self.lines(await messages(&iterator, 1)) == ["EOSE from \(Self.first)"])
        let stranger = LocalSigner(keypair: .generate())
        let wrap = try event(stranger, kind: 1059, tags: [["p", bob.publicKey.hex]], content: "for Bob")
        relay.inject(try event(stranger, kind: 1059, tags: [["p", alice.publicKey.hex]], content: "for Alice"))
        relay.inject(wrap)
        #expect(Self.lines(await messages(&iterator, 1)) == ["new for Bob from \(Self.first)"])
        #expect(relay.storedEvents.count == 2)
    }

    // MARK: Publishing and the store

    @Test func anEventIsStoredOnceAndARepeatIsAnsweredDuplicate() async throws {
        let publisher = try pool([Self.first, Self.second])
        let reader = try pool()
        var iterator = try reader.subscribe("notes", filters: [Filter(kinds: [1])]).makeAsyncIterator()
        _ = await messages(&iterator, 1)

        let note = try event(alice)
        let first = try await publisher.publish(note)
        #expect(first.answers == [
            RelayAnswer(relay: Self.first, accepted: true, message: ""), RelayAnswer(relay: Self.second, accepted: true, message: ""),
        ])
        let again = try await publisher.publish(note)
        #expect(again.answers.map(\.message) == ["duplicate: already have this event", "duplicate: already have this event"])
        #expect(relay.storedEvents == [note])

        let marker = try event(alice, content: "marker")
        _ = try await publisher.publish(marker)
        #expect(Self.ids(await messages(&iterator, 2)) == [note.id, marker.id])
    }

    @Test func replaceableEventsKeepTheNewestPerAuthorAndEphemeralOnesAreNotKept() async throws {
        let publisher = try pool()
        let older = try event(alice, kind: 3, at: now - 10, tags: [["p", bob.publicKey.hex]])
        let newer = try event(alice, kind: 3, at: now, tags: [["p", bob.publicKey.hex], ["p", alice.publicKey.hex]])
        let bobs = try event(bob, kind: 3, at: now - 20)
        for event in [older, bobs, newer] { _ = try await publisher.publish(event) }
        #expect(relay.storedEvents(matching: Filter(kinds: [3])) == [newer, bobs])

        // An older list arriving late is accepted but does not replace the newer one.
        let stale = try event(alice, kind: 3, at: now - 5)
        #expect(try await publisher.publish(stale).acceptedBy == [Self.first])
        #expect(relay.storedEvents(matching: Filter(authors: [alice.publicKey], kinds: [3])) == [newer])

        let profile = try event(alice, kind: 0, at: now - 1, content: #"{"name":"old"}"#)
        let renamed = try event(alice, kind: 0, at: now, content: #"{"name":"new"}"#)
        for event in [profile, renamed] { _ = try await publisher.publish(event) }
        #expect(relay.storedEvents(matching: Filter(kinds: [0])) == [renamed])

        let reader = try pool()
        var iterator = try reader.subscribe("typing", filters: [Filter(kinds: [20_001])]).makeAsyncIterator()
        _ = await messages(&iterator, 1)
        let typing = try event(alice, kind: 20_001)
        _ = try await publisher.publish(typing)
        #expect(Self.ids(await messages(&iterator, 1)) == [typing.id])
        #expect(relay.storedEvents(matching: Filter(kinds: [20_001])).isEmpty)
    }

    @Test func aDeletionRemovesTheNamedEventsOfItsAuthorOnly() async throws {
        let publisher = try pool()
        let mine = try event(alice, content: "mine")
        let theirs = try event(bob, content: "theirs")
        for event in [mine, theirs] { _ = try await publisher.publish(event) }
        let deletion = try event(alice, kind: 5, tags: [["e", mine.id.hex], ["e", theirs.id.hex]])
        _ = try await publisher.publish(deletion)
        #expect(Set(relay.storedEvents) == [theirs, deletion])
    }

    @Test func aRefusingRelayAnswersFalseWithItsMessageAndNothingIsStored() async throws {
        relay.setBehaviour(.refusing(message: "blocked: not on the allow list"), for: Self.first)
        let publisher = try pool()
        let note = try event(alice)
        await #expect(throws: PublishError(
            status: .io, message: "\(Self.first) refused the event: blocked: not on the allow list",
            answers: [RelayAnswer(relay: Self.first, accepted: false, message: "blocked: not on the allow list")]
        )) {
            try await publisher.publish(note)
        }
        #expect(relay.storedEvents.isEmpty)

        // One relay that accepts is enough; the refusal is still reported.
        try publisher.setRelays([RelayConfiguration(url: Self.first), RelayConfiguration(url: Self.second)])
        let result = try await publisher.publish(note)
        #expect(result.answers == [
            RelayAnswer(relay: Self.first, accepted: false, message: "blocked: not on the allow list"),
            RelayAnswer(relay: Self.second, accepted: true, message: ""),
        ])
        #expect(relay.storedEvents == [note])
    }

    @Test func aReadOnlyRelayServesReadsAndRefusesWrites() async throws {
        relay.setBehaviour(.readOnly(message: "restricted: members only"), for: Self.first)
        let publisher = try pool()
        #expect(publisher.statuses[Self.first] == .readOnly)
        await #expect(throws: PublishError.self) { try await publisher.publish(try event(alice)) }
        relay.inject(try event(bob))
        var iterator = try publisher.subscribe("notes", filters: [Filter(kinds: [1])]).makeAsyncIterator()
        #expect(Self.ids(await messages(&iterator, 2)).count == 1)
    }

    @Test func noConnectedRelayMeansNoRelayConfirmedTheEvent() async throws {
        relay.setBehaviour(.down(reason: "connection refused"), for: Self.first)
        let publisher = try pool()
        await #expect(throws: PublishError(
            status: .timeout, message: "no relay confirmed the event (\(Self.first): not sent: the relay was not connected)",
            answers: [RelayAnswer(relay: Self.first, accepted: false, message: "not sent: the relay was not connected")]
        )) {
            try await publisher.publish(try event(alice))
        }
    }

    @Test func anEventWhoseSignatureDoesNotVerifyIsRefused() async throws {
        let publisher = try pool()
        let signed = try event(alice)
        let forged = Event(
            id: signed.id, pubkey: bob.publicKey, createdAt: signed.createdAt, kind: signed.kind, tags: signed.tags, content: signed.content,
            sig: signed.sig)
        let error = await #expect(throws: PublishError.self) { try await publisher.publish(forged) }
        #expect(error?.answers.map(\.message) == ["invalid: the event's id or signature does not verify"])
        #expect(relay.storedEvents.isEmpty)
    }

    // MARK: Hosts

    @Test func aHostMadeForTheRelayHasExactlyTheGivenPluginsAndTheRelayAsItsTransport() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let host = try relay.makeHost(home: scratch.path)
        #expect(host.registry.plugins.map(\.id) == ["org.linkstr.storage.memory", FakeRelay.pluginID])
        #expect(host.configuration.transport == FakeRelay.pluginID)
        #expect(host.configuration.relays == [FakeRelay.defaultURL])
        let pool = try RelayClient(transport: RelayTransport(try host.provider(of: CapabilityID.transport, as: lkh_transport_v1.self)))
        try pool.setRelays([RelayConfiguration(url: FakeRelay.defaultURL)])
        #expect(pool.statuses == [FakeRelay.defaultURL: .connected])

        #expect(throws: FakeRelayHostError(description: "no plugin file at \(scratch.path)/missing.so; build it first (swift build)")) {
            try relay.makeHost(home: scratch.path, plugins: [scratch.path + "/missing.so"])
        }
    }

    @Test func anInstanceNeedsTheSettingThatNamesItsRelay() {
        #expect(throws: PluginError(
            .invalid,
            "plugin 'org.linkstr.transport.fake-relay' failed to start: no fake relay is named; set [plugins.\"org.linkstr.transport.fake-relay\"] store (FakeRelay.configure does)"
        )) {
            try FakeHost(pluginID: FakeRelay.pluginID).load(descriptor: FakeRelay.descriptor)
        }
    }
}
