import LinkstrEngine
import NostrCore
import Testing

/// Outbound operations (docs/wire-compatibility.md, 4. Sessions and 5. Posts): who receives what, and the refusals a person sees.
@Suite struct CommandTests {
    typealias F = EngineFixture

    private func confirm(_ f: F, _ message: OutboundMessage) throws {
        let wraps = message.recipients.map { _ in (id: F.wrapID(), secretKey: SecretKey.generate()) }
        _ = try f.engine.confirm(message, wraps: wraps, now: message.rumor.createdAt)
    }

    @Test func creatingASessionSendsItToEveryMemberCreatorFirst() throws {
        let f = F(me: F.alice)
        let message = try f.engine.createSession(name: "  Trip ", members: [F.bob, F.alice, F.bob], now: 100)
        #expect(message.recipients == [F.alice, F.bob])
        #expect(message.payload.sessionName == "Trip")
        #expect(message.payload.sessionID.rawValue.count == 32)
        #expect(message.rumor.kind == 44001 && message.rumor.sig == nil)
        #expect(f.store.session(message.payload.sessionID) == nil)  // nothing before the relays accept it
        try confirm(f, message)
        #expect(f.store.session(message.payload.sessionID)?.name == "Trip")
        #expect(throws: CommandError("a session needs a name", badInput: true)) {
            try f.engine.createSession(name: " ", members: [], now: 1)
        }
    }

    @Test func aMemberListPastTheLimitIsRefusedBeforeSending() throws {
        let f = F(me: F.alice)
        let crowd = (0..<PayloadLimits.members).map { _ in Keypair.generate().publicKey }
        #expect(throws: CommandError("a member list has 257 entries; the limit is 256", badInput: true)) {
            try f.engine.createSession(name: "Crowd", members: crowd, now: 100)
        }
        #expect(throws: Never.self) { try f.engine.createSession(name: "Full", members: Array(crowd.dropLast()), now: 100) }
    }

    @Test func aSoloSessionIsAllowed() throws {
        let f = F(me: F.alice)
        let message = try f.engine.createSession(name: "Notes", members: [], now: 100)
        #expect(message.recipients == [F.alice])
    }

    @Test func addingMembersAlsoSendsACreateToTheNewOnes() throws {
        let f = F(me: F.alice)
        try f.deliver(F.create(at: 100, members: [F.alice, F.bob]), source: .own)
        let messages = try f.engine.changeMembers(F.session, to: [F.carol], now: 200)
        #expect(messages.map(\.payload.kind) == [.sessionMembers, .sessionCreate])
        #expect(messages[0].recipients == [F.alice, F.bob, F.carol])  // prior ∪ next: bob learns of his removal
        #expect(messages[0].payload.members == [F.alice, F.carol])
        #expect(messages[1].recipients == [F.alice, F.carol])
        #expect(messages[1].payload.sessionName == "Weekend")
    }

    @Test func membershipChangesInOneSecondApplyInTheOrderTheyWereMade() throws {
        for _ in 0..<20 {
            let f = F(me: F.alice)
            let created = try f.engine.createSession(name: "Trip", members: [F.bob], now: 100)
            try confirm(f, created)
            let session = created.payload.sessionID
            for message in try f.engine.changeMembers(session, to: [F.bob, F.carol], now: 100) { try confirm(f, message) }
            #expect(f.store.membership(session).current == [F.alice, F.bob, F.carol])
            // A clock that went back a little: still after the newest snapshot.
            let removal = try f.engine.changeMembers(session, to: [F.carol], now: 99)
            #expect(removal.map(\.rumor.createdAt) == [100])
            for message in removal { try confirm(f, message) }
            #expect(f.store.membership(session).current == [F.alice, F.carol])
        }
    }

    @Test func onlyTheCreatorManagesMembers() throws {
        let f = F(me: F.bob)
        try f.deliver(F.create(at: 100, members: [F.alice, F.bob]))
        #expect(throws: CommandError("only the session creator can manage members.")) {
            try f.engine.changeMembers(F.session, to: [F.carol], now: 200)
        }
    }

    @Test func postingNeedsActiveMembershipAndAWebURL() throws {
        let f = F(me: F.bob)
        try f.deliver(F.create(at: 100, members: [F.alice, F.bob]))
        #expect(throws: CommandError("'ftp://x.org/a' is a ftp: URL; only http and https links can be shared", badInput: true)) {
            try f.engine.post(F.session, url: "ftp://x.org/a", note: nil, now: 150)
        }
        let message = try f.engine.post(F.session, url: " https://example.com/v ", note: "  ", now: 150)
        #expect(message.payload.url == "https://example.com/v")
        #expect(message.payload.note == nil)
        #expect(message.recipients == [F.alice, F.bob])
        try confirm(f, message)
        let stored = f.post(message.rumor)
        #expect(stored?.unread == false)
        #expect(stored?.wrapIDs.count == 2 && stored?.wrapSecretKeys.count == 2)

        try f.deliver(F.members(at: 200, [F.alice]))
        #expect(throws: CommandError("you're no longer a member of this session.")) {
            try f.engine.post(F.session, url: "https://example.com", note: nil, now: 250)
        }
        #expect(throws: CommandError("no session NOPE in this account", badInput: true)) {
            try f.engine.post(SessionID("NOPE")!, url: "https://example.com", note: nil, now: 250)
        }
    }

    @Test func reactingTogglesOurState() throws {
        let f = F(me: F.bob)
        try f.deliver(F.create(at: 100, members: [F.alice, F.bob]))
        let post = F.post(by: F.alice, at: 150)
        try f.deliver(post)
        let on = try f.engine.react(F.session, postID: RumorID(post.id), emoji: "👍", active: nil, now: 200)
        #expect(on.payload.reactionActive == true)
        #expect(on.rumor.tags == [["e", post.id.hex, "", "root"]])
        try confirm(f, on)
        let off = try f.engine.react(F.session, postID: RumorID(post.id), emoji: "👍", active: nil, now: 201)
        #expect(off.payload.reactionActive == false)
    }

    @Test func aToggleInTheSameSecondAsThePreviousOneStillWins() throws {
        let f = F(me: F.bob)
        try f.deliver(F.create(at: 100, members: [F.alice, F.bob]))
        let post = F.post(by: F.alice, at: 150)
        try f.deliver(post)
        let key = ReactionKey(sessionID: F.session, postID: RumorID(post.id), emoji: "👍", sender: F.bob)
        for (round, expected) in [true, false, true, false].enumerated() {
            let toggle = try f.engine.react(F.session, postID: RumorID(post.id), emoji: "👍", active: nil, now: 200)
            #expect(toggle.payload.reactionActive == expected)
            #expect(toggle.rumor.createdAt == 200 + Int64(round))
            try confirm(f, toggle)
            #expect(f.store.reaction(key)?.active == expected)
        }
    }

    @Test func aReactionIsExactlyOneEmojiAndAnythingElseIsRefusedBeforeSending() throws {
        let f = F(me: F.bob)
        try f.deliver(F.create(at: 100, members: [F.alice, F.bob]))
        let post = F.post(by: F.alice, at: 150)
        try f.deliver(post)
        let sent = try f.engine.react(F.session, postID: RumorID(post.id), emoji: " ❤️\n", active: nil, now: 200)
        #expect(sent.payload.emoji == "❤️")
        #expect(throws: CommandError("\"fire\" is not an emoji; react with exactly one emoji, such as 👍", badInput: true)) {
            try f.engine.react(F.session, postID: RumorID(post.id), emoji: "fire", active: nil, now: 200)
        }
        // Control characters are escaped in the message, never passed on to the terminal.
        #expect(throws: CommandError("\"\\u{1B}[2J🔥\" is not an emoji; react with exactly one emoji, such as 👍", badInput: true)) {
            try f.engine.react(F.session, postID: RumorID(post.id), emoji: "\u{1B}[2J🔥", active: nil, now: 200)
        }
        #expect(throws: CommandError("a reaction needs an emoji", badInput: true)) {
            try f.engine.react(F.session, postID: RumorID(post.id), emoji: " \t", active: nil, now: 200)
        }
    }

    @Test func onlyTheAuthorDeletesAndEveryFormerMemberHearsOfIt() throws {
        let f = F(me: F.alice)
        try f.deliver(F.create(at: 100, members: [F.alice, F.bob, F.carol]), source: .own)
        let mine = try f.engine.post(F.session, url: "https://example.com", note: nil, now: 150)
        try confirm(f, mine)
        let theirs = F.post(by: F.bob, at: 160)
        try f.deliver(theirs)
        try f.deliver(F.members(at: 200, [F.alice, F.bob]), source: .own)
        #expect(throws: CommandError("you can only delete posts you sent.")) {
            try f.engine.delete(F.session, postID: RumorID(theirs.id), now: 300)
        }
        let delete = try f.engine.delete(F.session, postID: mine.id, now: 300)
        #expect(Set(delete.recipients) == [F.alice, F.bob, F.carol])
        try confirm(f, delete)
        #expect(f.post(mine.rumor) == nil)
    }
}
