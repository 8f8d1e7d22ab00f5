import Foundation
import LinkstrEngine
import LinkstrHost
import LinkstrRuntime
import NostrCore
import PluginTesting
import TestSupport
import Testing

/// The logic of `contact add/remove/alias/list` through the composition root, in process: the follow
/// list on the relay, aliases kept locally, and people named by alias wherever a key is asked for.
@Suite(.timeLimit(.minutes(1))) struct ContactUseCaseTests {
    let relay = FakeRelay()
    let scratch = TestScratch()

    @Test func anAddedContactIsFollowedListedAndNamedByItsAlias() async throws {
        defer { scratch.remove() }
        let alice = try InProcessHome.account(scratch, relay: relay)
        defer { alice.host.stop() }
        let bob = SecretKey.generate().publicKey
        let contact = try await alice.runtime.addContact(bob, alias: "Bob")
        #expect(contact.alias == "Bob")

        let list = try await alice.runtime.contacts()
        #expect(list.map(\.pubkey) == [bob])
        let row = printed(JSONRecords.ContactRow(try #require(list.first)))
        #expect(row["npub"] as? String == bob.npub && row["alias"] as? String == "Bob")
        #expect(try await alice.runtime.resolvePerson("bob") == bob)
        #expect(try await alice.runtime.resolvePerson(bob.npub) == bob)
        #expect(await alice.runtime.displayName(of: bob) == "Bob")
        let followed = relay.storedEvents(matching: Filter(authors: [alice.runtime.me], kinds: [3])).first
        #expect(followed?.tags.filter { $0.first == "p" }.map { $0[1] } == [bob.hex])
        #expect(followed?.content.contains("Bob") == false)
    }

    @Test func anAliasIsChangedAndClearedLocallyOnly() async throws {
        defer { scratch.remove() }
        let alice = try InProcessHome.account(scratch, relay: relay)
        defer { alice.host.stop() }
        let bob = SecretKey.generate().publicKey
        _ = try await alice.runtime.addContact(bob, alias: "Bob")
        let published = relay.storedEvents.count

        try await alice.runtime.setAlias("Bobby", for: bob)
        #expect(try await alice.runtime.resolvePerson("bobby") == bob)
        await #expect(throws: LinkstrError.self) { try await alice.runtime.resolvePerson("Bob") }
        try await alice.runtime.setAlias(nil, for: bob)
        #expect(try await alice.runtime.contacts().first?.alias == nil)
        #expect(relay.storedEvents.count == published)
    }

    @Test func aRemovedContactLeavesTheFollowListAndRemovingAStrangerIsBadInput() async throws {
        defer { scratch.remove() }
        let alice = try InProcessHome.account(scratch, relay: relay)
        defer { alice.host.stop() }
        let bob = SecretKey.generate().publicKey
        let carol = SecretKey.generate().publicKey
        _ = try await alice.runtime.addContact(bob, alias: "Bob")
        _ = try await alice.runtime.addContact(carol, alias: nil)

        try await alice.runtime.removeContact(bob)
        #expect(try await alice.runtime.contacts().map(\.pubkey) == [carol])
        let followed = relay.storedEvents(matching: Filter(authors: [alice.runtime.me], kinds: [3])).first
        #expect(followed?.tags.filter { $0.first == "p" }.map { $0[1] } == [carol.hex])
        await #expect(throws: LinkstrError.self) { try await alice.runtime.resolvePerson("Bob") }

        let error = await #expect(throws: LinkstrError.self) { try await alice.runtime.removeContact(bob) }
        #expect(error?.code == .badInput)
    }

    @Test(arguments: ["npub1notakey", "nobody", "abc123"])
    func somethingThatNamesNoOneIsBadInput(_ text: String) async throws {
        defer { scratch.remove() }
        let alice = try InProcessHome.account(scratch, relay: relay)
        defer { alice.host.stop() }
        let error = await #expect(throws: LinkstrError.self) { try await alice.runtime.resolvePerson(text) }
        #expect(error?.code == .badInput)
    }
}
