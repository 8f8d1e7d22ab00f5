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
        let contact = try await Contacts.addContact(bob, alias: "Bob", in: alice.runtime)
        #expect(contact.alias == "Bob")

        let list = try await Contacts.contacts(in: alice.runtime)
        #expect(list.map(\.pubkey) == [bob])
        let row = printed(JSONRecords.ContactRow(try #require(list.first)))
        #expect(row["npub"] as? String == bob.npub && row["alias"] as? String == "Bob")
        #expect(try await Contacts.resolvePerson("bob", in: alice.runtime) == bob)
        #expect(try await Contacts.resolvePerson(bob.npub, in: alice.runtime) == bob)
        #expect(await Contacts.displayName(of: bob, in: alice.runtime) == "Bob")
        let followed = relay.storedEvents(matching: Filter(authors: [alice.runtime.me], kinds: [3])).first
        #expect(followed?.tags.filter { $0.first == "p" }.map { $0[1] } == [bob.hex])
        #expect(followed?.content.contains("Bob") == false)
    }

    @Test func anAliasIsChangedAndClearedLocallyOnly() async throws {
        defer { scratch.remove() }
        let alice = try InProcessHome.account(scratch, relay: relay)
        defer { alice.host.stop() }
        let bob = SecretKey.generate().publicKey
        _ = try await Contacts.addContact(bob, alias: "Bob", in: alice.runtime)
        let published = relay.storedEvents.count

        try await Contacts.setAlias("Bobby", for: bob, in: alice.runtime)
        #expect(try await Contacts.resolvePerson("bobby", in: alice.runtime) == bob)
        await #expect(throws: LinkstrError.self) { try await Contacts.resolvePerson("Bob", in: alice.runtime) }
        try await Contacts.setAlias(nil, for: bob, in: alice.runtime)
        #expect(try await Contacts.contacts(in: alice.runtime).first?.alias == nil)
        // `contact alias KEY ""` and linkstr_contact_alias with "" pass the text as typed: it clears too.
        try await Contacts.setAlias("Bobby", for: bob, in: alice.runtime)
        try await Contacts.setAlias("", for: bob, in: alice.runtime)
        #expect(try await Contacts.contacts(in: alice.runtime).first?.alias == nil)
        try await Contacts.setAlias("Bobby", for: bob, in: alice.runtime)
        try await Contacts.setAlias(" \t", for: bob, in: alice.runtime)
        #expect(try await Contacts.contacts(in: alice.runtime).first?.alias == nil)
        #expect(relay.storedEvents.count == published)
    }

    @Test func aRemovedContactLeavesTheFollowListAndRemovingAStrangerIsBadInput() async throws {
        defer { scratch.remove() }
        let alice = try InProcessHome.account(scratch, relay: relay)
        defer { alice.host.stop() }
        let bob = SecretKey.generate().publicKey
        let carol = SecretKey.generate().publicKey
        _ = try await Contacts.addContact(bob, alias: "Bob", in: alice.runtime)
        _ = try await Contacts.addContact(carol, alias: nil, in: alice.runtime)

        try await Contacts.removeContact(bob, in: alice.runtime)
        #expect(try await Contacts.contacts(in: alice.runtime).map(\.pubkey) == [carol])
        let followed = relay.storedEvents(matching: Filter(authors: [alice.runtime.me], kinds: [3])).first
        #expect(followed?.tags.filter { $0.first == "p" }.map { $0[1] } == [carol.hex])
        await #expect(throws: LinkstrError.self) { try await Contacts.resolvePerson("Bob", in: alice.runtime) }

        let error = await #expect(throws: LinkstrError.self) { try await Contacts.removeContact(bob, in: alice.runtime) }
        #expect(error?.code == .badInput)
    }

    @Test(arguments: ["npub1notakey", "nobody", "abc123"])
    func somethingThatNamesNoOneIsBadInput(_ text: String) async throws {
        defer { scratch.remove() }
        let alice = try InProcessHome.account(scratch, relay: relay)
        defer { alice.host.stop() }
        let error = await #expect(throws: LinkstrError.self) { try await Contacts.resolvePerson(text, in: alice.runtime) }
        #expect(error?.code == .badInput)
    }
}
