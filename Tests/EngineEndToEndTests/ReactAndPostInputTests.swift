import Foundation
import Testing

/// `react` and `post` through the built executable and a real relay: a command says what it did,
/// and input that is not an emoji or not a link is refused before anything is sent.
@Suite("End to end: react and post say what they did and refuse what they cannot send", .timeLimit(.minutes(1)))
struct ReactAndPostInputTests {
    @Test("a second react takes the reaction back and says \"removed\"; --json gives the state; --on and --off set it")
    func reactTogglesAndSaysWhichWay() async throws {
        let world = try await TestWorld.start("alice")
        defer { world.stop() }
        let alice = world.homes[0]
        let session = try alice.json(SessionMembers.self, ["session", "create", "Solo"]).id
        let post = try alice.json(SentPost.self, ["post", session, "https://example.com/a"]).id

        let on = try alice.run(["react", session, post, "🔥"])
        #expect(on.status == 0 && on.stdout == "reacted 🔥\n", "\(on.stderr)")
        #expect(try alice.feed(session).first?.reactions == ["🔥": [alice.pubkey]])
        // At once, in the same second: the toggle still wins.
        let off = try alice.run(["react", session, post, "🔥"])
        #expect(off.status == 0 && off.stdout == "removed 🔥\n", "\(off.stderr)")
        #expect(try alice.feed(session).first?.reactions == [:])

        #expect(try alice.json(ReactionState.self, ["react", session, post, " 🔥 "]) == ReactionState(ok: true, emoji: "🔥", active: true))
        #expect(try alice.json(ReactionState.self, ["react", session, post, "🔥", "--on"]) == ReactionState(ok: true, emoji: "🔥", active: true))
        #expect(try alice.feed(session).first?.reactions == ["🔥": [alice.pubkey]])
        #expect(try alice.json(ReactionState.self, ["react", session, post, "🔥", "--off"]) == ReactionState(ok: true, emoji: "🔥", active: false))
        #expect(try alice.json(ReactionState.self, ["react", session, post, "🔥", "--off"]) == ReactionState(ok: true, emoji: "🔥", active: false))
        #expect(try alice.feed(session).first?.reactions == [:])

        // Compound emoji are one emoji.
        #expect(try alice.json(ReactionState.self, ["react", session, post, "👨‍👩‍👧"]) == ReactionState(ok: true, emoji: "👨‍👩‍👧", active: true))
        #expect(try alice.feed(session).first?.reactions == ["👨‍👩‍👧": [alice.pubkey]])
    }

    @Test("text, a digit, several emoji or control characters are no reaction: exit 2 with a sentence, nothing sent")
    func reactRefusesWhatIsNotOneEmoji() async throws {
        let world = try await TestWorld.start("alice")
        defer { world.stop() }
        let alice = world.homes[0]
        let session = try alice.json(SessionMembers.self, ["session", "create", "Solo"]).id
        let post = try alice.json(SentPost.self, ["post", session, "https://example.com/a"]).id
        for (text, shown) in [("fire", #""fire""#), ("1", #""1""#), ("\u{1B}[31m", #""\u{1B}[31m""#)] {
            let result = try alice.run(["react", session, post, text, "--json"])
            #expect(result.status == 2, "\(text): \(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr == "linkstr: \(shown) is not an emoji; react with exactly one emoji, such as 👍\n")
        }
        // Several emoji: said so, with the one to send.
        for (text, shown, count) in [("🔥🔥", #""🔥🔥""#, 2), ("👍 👎", #""👍 👎""#, 2), ("❤️🔥👀", #""❤️🔥👀""#, 3)] {
            let result = try alice.run(["react", session, post, text])
            #expect(result.status == 2, "\(text): \(result.stderr)")
            let first = String(text.first!)
            #expect(result.stderr == "linkstr: \(shown) is \(count) emoji; a reaction is one emoji (react once for each, such as \(first))\n")
        }
        #expect(try alice.feed(session).first?.reactions == [:])
    }

    @Test("a post of text that is no link is refused with the app's words; a bare host gets https://")
    func postRefusesTextThatIsNoLink() async throws {
        let world = try await TestWorld.start("alice")
        defer { world.stop() }
        let alice = world.homes[0]
        let session = try alice.json(SessionMembers.self, ["session", "create", "Solo"]).id

        for text in ["not-a-url", "just some words", "user@example.com"] {
            let refused = try alice.run(["post", session, text])
            #expect(refused.status == 2, "\(text): \(refused.stderr)")
            #expect(refused.stdout.isEmpty)
            #expect(refused.stderr == "linkstr: '\(text)' is not a link; enter a valid url, such as https://example.com/video\n")
        }
        #expect(try alice.feed(session).isEmpty)

        let local = try alice.json(SentPost.self, ["post", session, "localhost:8080/clip"])
        #expect(local.url == "https://localhost:8080/clip")
    }

    @Test("the iPhone app's provider links, typed without https://, are posted and reach the feed as links")
    func providerLinksArePosted() async throws {
        let world = try await TestWorld.start("alice")
        defer { world.stop() }
        let alice = world.homes[0]
        let session = try alice.json(SessionMembers.self, ["session", "create", "Videos"]).id
        let links = [
            "www.youtube.com/watch?v=dQw4w9WgXcQ", "youtu.be/dQw4w9WgXcQ", "www.tiktok.com/@acct/video/7596114833477537054",
            "vm.tiktok.com/ZMabc123/", "www.instagram.com/reel/C9abcDEF12/", "www.facebook.com/share/r/1AbCdEfGhI/",
            "www.facebook.com/reel/1234567890123456", "fb.watch/abcDEF123/", "x.com/someone/status/1790000000000000000",
            "twitter.com/someone/status/1790000000000000000", "rumble.com/v4abc12-some-title.html",
        ]
        for link in links {
            #expect(try alice.json(SentPost.self, ["post", session, link]).url == "https://" + link)
        }
        #expect(try alice.feed(session).map(\.url).sorted() == links.map { "https://" + $0 }.sorted())
    }
}
