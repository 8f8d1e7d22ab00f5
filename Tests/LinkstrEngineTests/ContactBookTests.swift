import Foundation
import LinkstrEngine
import NostrCore
import Testing

/// Contacts (docs/wire-compatibility.md, 6. Contacts): the kind 3 mirror, its watermark, changes
/// that keep what other clients wrote, private aliases and display names.
@Suite struct ContactBookTests {
    typealias F = ContactsFixture

    // MARK: Incoming follow lists

    @Test func aNewerFollowListReplacesTheContactsAndAnOlderOneIsIgnored() {
        var book = ContactBook(me: F.me)
        let first = book.ingestFollowList(F.followList(at: 100, following: [F.alice, F.bob]), now: F.now)
        #expect(first == FollowListReport(outcome: .accepted, added: [F.alice, F.bob]))
        let newer = book.ingestFollowList(F.followList(at: 200, following: [F.bob, F.carol]), now: F.now)
        #expect(newer == FollowListReport(outcome: .accepted, added: [F.carol], removed: [F.alice]))
        #expect(book.contactKeys == [F.bob, F.carol])
        let older = book.ingestFollowList(F.followList(at: 150, following: [F.alice]), now: F.now)
        #expect(older.outcome == .duplicate)
        #expect(book.contactKeys == [F.bob, F.carol])
        #expect(book.watermark?.time == 200)
    }

    @Test func onEqualTimeTheLargerEventIDWinsInEitherOrder() {
        let one = F.followList(at: 500, following: [F.alice])
        let two = F.followList(at: 500, following: [F.bob])
        let (winner, loser) = one.id.hex > two.id.hex ? (one, two) : (two, one)

        var inOrder = ContactBook(me: F.me)
        #expect(inOrder.ingestFollowList(loser, now: F.now).outcome == .accepted)
        #expect(inOrder.ingestFollowList(winner, now: F.now).outcome == .accepted)
        var reversed = ContactBook(me: F.me)
        #expect(reversed.ingestFollowList(winner, now: F.now).outcome == .accepted)
        #expect(reversed.ingestFollowList(loser, now: F.now).outcome == .duplicate)
        #expect(inOrder == reversed)
        #expect(inOrder.watermark == EventStamp(winner))
    }

    @Test func theSameListTwiceIsADuplicate() {
        var book = ContactBook(me: F.me)
        let list = F.followList(at: 100, following: [F.alice])
        #expect(book.ingestFollowList(list, now: F.now).outcome == .accepted)
        #expect(book.ingestFollowList(list, now: F.now).outcome == .duplicate)
    }

    @Test func thePersistedWatermarkBlocksARollbackAfterARestart() throws {
        var book = ContactBook(me: F.me)
        book.ingestFollowList(F.followList(at: 200, following: [F.alice, F.bob]), now: F.now)
        try book.setAlias("Al", for: F.alice)

        // "Restart": everything rebuilt from what the host stored.
        var restored = try ContactBook(me: F.me, encoded: book.encoded())
        #expect(restored == book)
        #expect(restored.watermark?.time == 200)
        #expect(restored.ingestFollowList(F.followList(at: 199, following: [F.carol]), now: F.now).outcome == .duplicate)
        #expect(restored.contactKeys == [F.alice, F.bob])
        #expect(restored.alias(for: F.alice) == "Al")

        // The same from the parts a host maps to separate records.
        var fromParts = ContactBook(
            me: F.me, followList: try FollowList(encoded: book.followList.encoded()), aliases: book.aliases, profiles: [:])
        #expect(fromParts.ingestFollowList(F.followList(at: 100, following: []), now: F.now).outcome == .duplicate)
        #expect(fromParts.contactKeys == [F.alice, F.bob])
    }

    @Test func aFollowListByAnotherAuthorIsRejected() {
        var book = F.book(following: [F.alice])
        let foreign = F.followList(at: 5_000, [["p", F.carol.hex]], by: F.otherKeys)
        #expect(book.ingestFollowList(foreign, now: F.now).outcome == .rejected("a follow list authored by someone else"))
        #expect(book.contactKeys == [F.alice])
    }

    @Test func otherKindsForgedSignaturesAndFutureListsAreRejected() {
        var book = F.book(following: [F.alice])
        let profile = F.profile("{}", at: 5_000, by: F.meKeys)
        #expect(book.ingestFollowList(profile, now: F.now).outcome == .rejected("not a follow list (kind 0)"))

        let genuine = F.followList(at: 5_000, following: [F.carol])
        let forged = Event(id: genuine.id, pubkey: genuine.pubkey, createdAt: genuine.createdAt, kind: 3,
                           tags: [["p", F.bob.hex]], content: "", sig: genuine.sig)
        guard case .rejected(let reason) = book.ingestFollowList(forged, now: F.now).outcome else {
            Issue.record("a forged list was not rejected")
            return
        }
        #expect(reason.hasPrefix("the follow list is not validly signed"))

        let future = F.followList(at: F.now + 3_600, following: [F.carol])
        #expect(book.ingestFollowList(future, now: F.now).outcome == .rejected("follow list created 3600 seconds in the future"))
        #expect(book.contactKeys == [F.alice])
        #expect(book.watermark?.time == 1_000)
    }

    @Test func malformedPTagsAreSkippedAndTheRestApplies() {
        var book = ContactBook(me: F.me)
        let notOnCurve = String(repeating: "0", count: 64)
        let list = F.followList(at: 100, [
            ["p"],
            ["p", "xyz"],
            ["p", String(F.alice.hex.dropLast())],
            ["p", notOnCurve],
            ["p", " \(F.bob.hex.uppercased()) ", "wss://relay.example", "bob"],
            ["p", F.carol.hex],
            ["p", F.bob.hex],
            ["t", "nostr"],
        ])
        let report = book.ingestFollowList(list, now: F.now)
        #expect(report.outcome == .accepted)
        #expect(report.skipped.count == 4)
        #expect(report.skipped[0] == "p tag 0 has no public key")
        #expect(report.skipped[1] == "p tag 1: 'xyz' is not a 64-character hex public key")
        #expect(book.contactKeys == [F.bob, F.carol])
    }

    // MARK: Changes

    @Test func addingKeepsEveryTagAndTheContentOtherClientsWrote() throws {
        let tags = [
            ["p", F.alice.hex, "wss://alice.example", "alice"],
            ["t", "linux"],
            ["p", "not-a-key"],
            ["p", F.bob.hex, ""],
        ]
        let content = #"{"wss://relay.example":{"read":true,"write":true}}"#
        var book = ContactBook(me: F.me)
        book.ingestFollowList(F.followList(at: 100, tags, content: content), now: F.now)

        let draft = try #require(book.adding(F.carol, now: F.now))
        #expect(draft.event.kind == 3 && draft.event.pubkey == F.me)
        #expect(draft.event.tags == tags + [["p", F.carol.hex]])
        #expect(draft.event.content == content)
        #expect(draft.added == [F.carol] && draft.removed.isEmpty)
        #expect(book.contactKeys == [F.alice, F.bob])  // nothing changes before the relays accept it

        let report = book.confirm(F.sign(draft.event))
        #expect(report == FollowListReport(outcome: .accepted, added: [F.carol], skipped: ["p tag 2: 'not-a-key' is not a 64-character hex public key"]))
        #expect(book.contactKeys == [F.alice, F.bob, F.carol])
        #expect(book.followList.tags == tags + [["p", F.carol.hex]])
        #expect(book.adding(F.carol, now: F.now) == nil)  // already a contact: nothing to publish
    }

    @Test func removingDropsOnlyThatKeysEntriesAndKeepsTheRest() throws {
        let tags = [
            ["p", F.alice.hex, "wss://alice.example", "alice"],
            ["e", String(repeating: "ab", count: 32)],
            ["p", F.bob.hex],
            ["p", F.alice.hex.uppercased()],
            ["p", "garbage", "wss://x"],
        ]
        var book = ContactBook(me: F.me)
        book.ingestFollowList(F.followList(at: 100, tags, content: "kept"), now: F.now)

        let draft = try #require(book.removing(F.alice, now: F.now))
        #expect(draft.event.tags == [["e", String(repeating: "ab", count: 32)], ["p", F.bob.hex], ["p", "garbage", "wss://x"]])
        #expect(draft.event.content == "kept")
        #expect(draft.removed == [F.alice])
        #expect(book.removing(F.carol, now: F.now) == nil)  // not a contact

        #expect(book.confirm(F.sign(draft.event)).removed == [F.alice])
        #expect(book.contactKeys == [F.bob])
    }

    @Test func aNewListIsAlwaysStampedPastTheWatermark() throws {
        let empty = ContactBook(me: F.me)
        #expect(empty.nextCreatedAt(now: 42) == 42)
        #expect(try #require(empty.adding(F.alice, now: 42)).event.createdAt == 42)

        var book = F.book(following: [F.alice], at: 2_000)
        // The clock lags behind the applied list (another device's clock is ahead).
        #expect(try #require(book.adding(F.bob, now: 1_500)).event.createdAt == 2_001)
        #expect(try #require(book.removing(F.alice, now: 2_000)).event.createdAt == 2_001)
        #expect(book.emptyFollowList(now: 10).createdAt == 2_001)
        #expect(try #require(book.adding(F.bob, now: 3_000)).event.createdAt == 3_000)

        // Each confirmed change moves the watermark, so the next one is later again.
        var times: [Int64] = []
        for key in [F.bob, F.carol] {
            let draft = try #require(book.adding(key, now: 1_000))
            times.append(draft.event.createdAt)
            #expect(book.confirm(F.sign(draft.event)).outcome == .accepted)
        }
        #expect(times == [2_001, 2_002])
        #expect(book.watermark?.time == 2_002)

        // A list at the edge of the allowed clock skew: our next one is past it, and still applies.
        var ahead = ContactBook(me: F.me)
        #expect(ahead.ingestFollowList(F.followList(at: F.now + 900, following: [F.alice]), now: F.now).outcome == .accepted)
        let draft = try #require(ahead.adding(F.bob, now: F.now))
        #expect(draft.event.createdAt == F.now + 901)
        #expect(ahead.confirm(F.sign(draft.event)).outcome == .accepted)
    }

    @Test func aConfirmAfterTheRelaysEchoIsADuplicateAndLosesToANewerList() throws {
        var book = F.book(following: [F.alice], at: 100)
        let draft = try #require(book.adding(F.bob, now: 200))
        let signed = F.sign(draft.event)
        #expect(signed.id == draft.id)
        #expect(book.ingestFollowList(signed, now: 200).outcome == .accepted)  // the relay's echo came first
        #expect(book.confirm(signed).outcome == .duplicate)

        // Another client published a newer list while our next change was in flight.
        let next = try #require(book.adding(F.carol, now: 300))
        book.ingestFollowList(F.followList(at: 400, following: [F.alice]), now: 400)
        #expect(book.confirm(F.sign(next.event)).outcome == .duplicate)
        #expect(book.contactKeys == [F.alice])
    }

    // MARK: Aliases and names

    @Test func anAliasIsNeverPublished() throws {
        var book = ContactBook(me: F.me)
        book.ingestFollowList(F.followList(at: 100, [["p", F.alice.hex, "", "alice-petname"], ["p", F.bob.hex]]), now: F.now)
        try book.setAlias("Secret Bob", for: F.bob)
        try book.setAlias("Secret Alice", for: F.alice)

        var events = [book.emptyFollowList(now: F.now)]
        events.append(try #require(book.adding(F.carol, now: F.now)).event)
        events.append(try #require(book.removing(F.alice, now: F.now)).event)
        for event in events {
            #expect(!event.tags.joined().contains { $0.contains("Secret") })
            #expect(!event.content.contains("Secret"))
        }
        // Not even as a petname for a contact added later.
        let draft = try #require(book.adding(F.carol, now: F.now))
        #expect(draft.event.tags.last == ["p", F.carol.hex])
        // Another client's petname stays as it wrote it; it is not our alias.
        #expect(events[1].tags.first == ["p", F.alice.hex, "", "alice-petname"])
        #expect(book.alias(for: F.alice) == "Secret Alice")
    }

    @Test func aliasesBelongToContactsAndGoWithThem() throws {
        var book = F.book(following: [F.alice, F.bob], at: 100)
        try book.setAlias("  Ally\n ", for: F.alice)
        #expect(book.alias(for: F.alice) == "Ally")
        try book.setAlias("Bobby", for: F.bob)
        #expect(throws: CommandError("\(F.carol.npub) is not a contact", badInput: true)) {
            try book.setAlias("Caz", for: F.carol)
        }
        try book.setAlias(" ", for: F.bob)  // blank clears
        #expect(book.alias(for: F.bob) == nil)
        try book.setAlias("Bobby", for: F.bob)

        // Another client removed alice: her alias goes; bob keeps his.
        book.ingestFollowList(F.followList(at: 200, following: [F.bob, F.carol]), now: F.now)
        #expect(book.alias(for: F.alice) == nil)
        #expect(book.alias(for: F.bob) == "Bobby")
        #expect(book.aliases.count == 1)
    }

    @Test func theDisplayNameIsTheAliasElseTheProfileNameElseTheNpub() throws {
        var book = F.book(following: [F.alice, F.bob])
        #expect(book.displayName(for: F.alice) == F.alice.npub)
        #expect(book.ingestProfile(F.profile(#"{"name":"alice_n","display_name":"Alice Liddell"}"#, at: 100), now: F.now) == .accepted)
        #expect(book.displayName(for: F.alice) == "Alice Liddell")
        try book.setAlias("Mum", for: F.alice)
        #expect(book.displayName(for: F.alice) == "Mum")
        #expect(book.contacts.first == Contact(pubkey: F.alice, alias: "Mum", profileName: "Alice Liddell"))
        try book.setAlias(nil, for: F.alice)
        #expect(book.displayName(for: F.alice) == "Alice Liddell")
        // Someone who is not a contact (a session member) still gets a profile name.
        var stranger = ContactBook(me: F.me)
        #expect(stranger.ingestProfile(F.profile(#"{"name":"alice_n"}"#, at: 100), now: F.now) == .accepted)
        #expect(stranger.displayName(for: F.alice) == "alice_n")
        #expect(stranger.contacts.isEmpty)
    }

    // MARK: Profiles (kind 0)

    @Test func profileParsingIsTolerantButBadJSONIsRejectedWithAReason() throws {
        var book = ContactBook(me: F.me)
        guard case .rejected(let reason) = book.ingestProfile(F.profile("{not json", at: 100), now: F.now) else {
            Issue.record("bad JSON was not rejected")
            return
        }
        #expect(reason.hasPrefix("the profile is not valid JSON: "))
        #expect(book.ingestProfile(F.profile(#"["alice"]"#, at: 101), now: F.now) == .rejected("the profile is not a JSON object"))
        #expect(book.profiles.isEmpty)

        // Wrong types are ignored, the next name key is used, controls are removed.
        #expect(book.ingestProfile(F.profile(#"{"display_name":42,"name":" Al\u001b[2Jice\n ","about":null,"picture":7}"#, at: 102), now: F.now) == .accepted)
        #expect(book.profileName(for: F.alice) == "Al[2Jice")
        // A blank display_name falls back to name.
        #expect(book.ingestProfile(F.profile(#"{"display_name":"  ","name":"alice"}"#, at: 103), now: F.now) == .accepted)
        #expect(book.profileName(for: F.alice) == "alice")
        // A newer profile without a name clears the name.
        #expect(book.ingestProfile(F.profile(#"{"about":"hi"}"#, at: 104), now: F.now) == .accepted)
        #expect(book.profileName(for: F.alice) == nil)
        #expect(book.displayName(for: F.alice) == F.alice.npub)
        #expect(throws: PayloadError("the profile is not a JSON object")) { try Profile.name(fromMetadata: "null") }
        #expect(try Profile.name(fromMetadata: #"{"displayName":"Legacy"}"#) == "Legacy")
    }

    @Test func theNewestProfileWinsPerKey() {
        var book = ContactBook(me: F.me)
        #expect(book.ingestProfile(F.profile(#"{"name":"new"}"#, at: 200), now: F.now) == .accepted)
        #expect(book.ingestProfile(F.profile(#"{"name":"old"}"#, at: 100), now: F.now) == .duplicate)
        #expect(book.profileName(for: F.alice) == "new")

        let one = F.profile(#"{"name":"one"}"#, at: 300)
        let two = F.profile(#"{"name":"two"}"#, at: 300)
        let winner = one.id.hex > two.id.hex ? "one" : "two"
        #expect(book.ingestProfile(one, now: F.now) == .accepted)
        book.ingestProfile(two, now: F.now)
        #expect(book.profileName(for: F.alice) == winner)

        #expect(book.ingestProfile(F.followList(at: 400, following: []), now: F.now) == .rejected("not a profile (kind 3)"))
        #expect(book.ingestProfile(F.profile(#"{"name":"later"}"#, at: F.now + 1_000), now: F.now)
            == .rejected("profile created 1000 seconds in the future"))
    }

    // MARK: People named by a user

    @Test func aPersonIsNamedByNpubHexOrAlias() throws {
        var book = F.book(following: [F.alice, F.bob, F.carol])
        try book.setAlias("Ally", for: F.alice)
        try book.setAlias("Twin", for: F.bob)
        // An alias another contact has in any case is refused: both would stop naming anyone.
        #expect(throws: CommandError("'Twin' is already the alias of \(F.bob.npub); choose another alias", badInput: true)) {
            try book.setAlias("twin", for: F.carol)
        }
        try book.setAlias("Twin", for: F.bob)  // its own alias again is fine
        // Twins stored before that rule still resolve to an error that says so.
        book = ContactBook(me: F.me, followList: book.followList, aliases: [F.alice: "Ally", F.bob: "Twin", F.carol: "twin"], profiles: [:])
        #expect(try book.resolve(" \(F.bob.npub) ") == F.bob)
        #expect(try book.resolve("nostr:\(F.bob.npub)") == F.bob)
        #expect(try book.resolve(F.carol.hex.uppercased()) == F.carol)
        #expect(try book.resolve("ally") == F.alice)
        #expect(throws: CommandError("the alias 'TWIN' names 2 contacts; use an npub", badInput: true)) { try book.resolve("TWIN") }
        #expect(throws: CommandError("'nobody' is not an npub, a hex public key or a contact alias", badInput: true)) {
            try book.resolve("nobody")
        }
        #expect(throws: CommandError("'npub1xyz' is not a valid npub", badInput: true)) { try book.resolve("npub1xyz") }
    }

    /// Keys pasted or scanned as the iPhone app reads them: `nostr:` (any case), a link's `npub`
    /// query parameter, or text around exactly one npub.
    @Test func aPastedKeyIsFoundInLinksAndText() throws {
        let book = F.book(following: [F.alice])
        #expect(try book.resolve("NOSTR:\(F.bob.npub)") == F.bob)
        #expect(try book.resolve("https://example.com/add?npub=\(F.bob.npub)&ref=qr") == F.bob)
        #expect(try book.resolve("https://example.com/add?NPUB=nostr:\(F.bob.npub)") == F.bob)
        #expect(try book.resolve("my key is \(F.bob.npub) ok") == F.bob)
        #expect(try book.resolve("my key is \(F.bob.npub.uppercased()), thanks") == F.bob)
        #expect(try book.resolve("https://njump.me/\(F.carol.npub)") == F.carol)
        #expect(try book.resolve("\(F.bob.npub) or again \(F.bob.npub)") == F.bob)
        #expect(throws: CommandError("the text names 2 different npubs; give just one", badInput: true)) {
            try book.resolve("\(F.bob.npub) and \(F.carol.npub)")
        }
        let broken = "npub1" + String(repeating: "q", count: 58)
        #expect(throws: CommandError("'\(broken)' is not a valid npub", badInput: true)) { try book.resolve("my key is \(broken) ok") }
        #expect(throws: CommandError("'\(broken)' is not a valid npub", badInput: true)) {
            try book.resolve("https://example.com/add?npub=\(broken)")
        }
        #expect(throws: CommandError("'npub1 is my key' is not an npub, a hex public key or a contact alias", badInput: true)) {
            try book.resolve("npub1 is my key")
        }
    }

    // MARK: Storage

    @Test func theEncodingRoundTripsAndRejectsDamage() throws {
        var book = ContactBook(me: F.me)
        #expect(try ContactBook(me: F.me, encoded: book.encoded()) == book)
        book.ingestFollowList(F.followList(at: 100, [["p", F.alice.hex, "wss://a/", "\"q\""], ["t", "x/y"]], content: "c\\d"), now: F.now)
        try book.setAlias("Ä \"quoted\" / slash", for: F.alice)
        book.ingestProfile(F.profile(#"{"name":"Alice 🐇"}"#, at: 50), now: F.now)
        book.ingestProfile(F.profile("{}", at: 60, by: F.meKeys), now: F.now)
        let restored = try ContactBook(me: F.me, encoded: book.encoded())
        #expect(restored == book)
        #expect(restored.profileName(for: F.alice) == "Alice 🐇")
        #expect(restored.profiles[F.me]?.name == nil)

        let profile = try #require(book.profiles[F.alice])
        #expect(try Profile(pubkey: F.alice, encoded: profile.encoded()) == profile)
        #expect(try FollowList(encoded: []) == FollowList())

        #expect(throws: StoredStateError.self) { try ContactBook(me: F.me, encoded: Array("{}".utf8)) }
        #expect(throws: StoredStateError.self) { try ContactBook(me: F.me, encoded: Array("not json".utf8)) }
        #expect(throws: StoredStateError.self) { try FollowList(encoded: Array(#"{"id":"x"}"#.utf8)) }
        #expect(throws: StoredStateError.self) { try Profile(pubkey: F.alice, encoded: Array("[1,2,3]".utf8)) }
    }
}
