import LinkstrEngine
import NostrCore
import Testing

/// "Delete account" (docs/wire-compatibility.md, 6. Contacts): an empty kind 3, then a NIP-62 request to vanish.
@Suite struct AccountDeletionTests {
    typealias F = ContactsFixture

    @Test func deleteAccountEmptiesTheFollowListThenAsksToVanish() {
        let book = F.book(following: [F.alice, F.bob], at: 2_000)
        let (followList, vanish) = AccountDeletion.events(book, relays: [" wss://b.example ", "wss://a.example", "wss://b.example", ""], now: 1_000)
        #expect(followList.kind == 3 && followList.pubkey == F.me)
        #expect(followList.tags.isEmpty && followList.content.isEmpty)
        #expect(followList.createdAt == 2_001)  // past the watermark, so relays replace the list
        #expect(vanish.kind == 62 && vanish.pubkey == F.me)
        #expect(vanish.tags == [["relay", "wss://a.example"], ["relay", "wss://b.example"]])
        #expect(vanish.content == "linkstr account deletion request")
        #expect(vanish.createdAt == 2_001)  // covers the empty list
    }

    @Test func withoutRelaysTheRequestAddressesAllRelays() {
        let vanish = AccountDeletion.vanishRequest(me: F.me, relays: [], reason: "gone", now: 77)
        #expect(vanish.tags == [["relay", "ALL_RELAYS"]])
        #expect(vanish.content == "gone" && vanish.createdAt == 77)
        let (followList, request) = AccountDeletion.events(ContactBook(me: F.me), relays: [], now: 500)
        #expect(followList.createdAt == 500 && request.createdAt == 500)
    }

    @Test func theEmptyListIsAcceptedAsTheNewState() {
        var book = F.book(following: [F.alice], at: 100)
        let empty = F.sign(book.emptyFollowList(now: 200))
        #expect(book.confirm(empty) == FollowListReport(outcome: .accepted, removed: [F.alice]))
        #expect(book.contacts.isEmpty)
    }
}
