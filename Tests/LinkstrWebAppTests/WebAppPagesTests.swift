import Foundation
import PluginTesting
import TestSupport
import Testing

/// The app's pages over HTTP as its own pages post (cookie, Origin, CSRF token), against
/// `linkstr app` for real homes: onboarding by import, text from others escaped, paging.
@Suite(.timeLimit(.minutes(2))) struct WebAppPagesTests {
    @Test("a home without an account onboards by importing an nsec; a key that is not one is refused on the form")
    func importsAnNsec() async throws {
        let world = try await TestWorld.start("bob", relay: nil)
        defer { world.stop() }
        let bob = world.homes[0]
        let app = try await world.newcomerApp("empty")
        let empty = app.home
        let client = try SignedIn(app)

        #expect(try client.get("/").body.contains("Create an account"))
        let refused = try client.post("/onboarding/import", [("nsec", "nsec1notakey")])
        #expect(refused.status == 400 && refused.body.contains("invalid secret key (nsec)") && refused.body.contains("Create an account"), "\(refused.body)")
        #expect(!refused.body.contains("nsec1notakey"), "the page repeats what was typed in the secret field")

        let imported = try client.post("/onboarding/import", [("nsec", bob.nsec)])
        #expect(imported.status == 303 && imported.header("location") == "/", "\(imported.body)")
        let sessions = try client.get("/")
        #expect(sessions.body.contains("<h1>Sessions</h1>") && sessions.body.contains(String(bob.npub.prefix(12))), "\(sessions.body)")
        let shown = try ProcessRunner.linkstr(["account", "show", "--json", "--home", empty])
        #expect(shown.stdout.contains(bob.pubkey), "\(shown.stdout)\(shown.stderr)")
    }

    @Test("a contact added and a session made in the app are the account's; what the runtime refuses is said on the form, as typed")
    func contactsAndSessionsMadeInTheApp() async throws {
        let world = try await TestWorld.start("alice", "bob")
        defer { world.stop() }
        let (alice, bob) = (world.homes[0], world.homes[1])
        let app = try await world.app(alice)
        let client = try SignedIn(app)

        let badKey = try client.post("/contacts", [("key", "npub1typo"), ("alias", "Bobby")])
        #expect(badKey.status == 400 && badKey.body.contains("class=\"problem\""), "\(badKey.body)")
        #expect(badKey.body.contains("value=\"npub1typo\"") && badKey.body.contains("value=\"Bobby\""), "what was typed stays: \(badKey.body)")
        let added = try client.post("/contacts", [("key", "nostr:" + bob.npub), ("alias", "Bobby")])
        #expect(added.status == 303 && added.header("location") == "/contacts", "\(added.body)")
        #expect(try client.get("/contacts").body.contains("Bobby"))
        #expect(try alice.run(["contact", "list", "--json"]).stdout.contains(bob.npub))

        let form = try client.get("/sessions/new").body
        #expect(form.contains("name=\"member\" value=\"\(bob.npub)\""), "\(form)")
        let made = try client.post("/sessions", [("name", "Made in the app"), ("member", bob.npub)])
        let location = try #require(made.header("location"), "\(made.status) \(made.body)")
        #expect(made.status == 303 && location.hasPrefix("/sessions/"))
        let session = try #require(try alice.sessions().first { $0.name == "Made in the app" })
        #expect(location == "/sessions/\(session.id)" && session.members.count == 2, "\(session)")
        #expect(try client.get(location).body.contains("<h1>Made in the app</h1>"))
    }

    @Test("a contact shows the alias first and the name they published second")
    func contactAliasAndPublishedName() async throws {
        let world = try await TestWorld.start("alice", "bob")
        defer { world.stop() }
        let (alice, bob) = (world.homes[0], world.homes[1])
        #expect(try bob.run(["account", "name", "Robert"]).status == 0)
        #expect(try alice.run(["contact", "add", bob.npub, "--alias", "Bobby"]).status == 0)
        _ = try alice.sync()

        let contacts = try await world.signedIn(alice).get("/contacts").body
        #expect(contacts.contains("<span class=\"name\">Bobby</span><span class=\"meta\">Robert</span>"), "\(contacts)")
    }

    @Test("names, notes and aliases from others are shown as text, never as markup")
    func outsideTextIsEscaped() async throws {
        let world = try await TestWorld.start("alice", "bob")
        defer { world.stop() }
        let (alice, bob) = (world.homes[0], world.homes[1])
        let hostile = "<img src=x onerror=alert(1)>"
        #expect(try alice.run(["contact", "add", bob.npub, "--alias", "\"><script>alert(2)</script>"]).status == 0)
        let id = try alice.createSession(hostile)
        #expect(try alice.run(["post", id, "https://example.com/a?b=<c>", "--note", "</blockquote><script>alert(3)</script>"]).status == 0)

        let client = try await world.signedIn(alice)
        let list = try client.get("/").body
        #expect(list.contains("&lt;img src=x onerror=alert(1)&gt;") && !list.contains(hostile), "\(list)")
        let feed = try client.get("/sessions/\(id)").body
        #expect(feed.contains("&lt;/blockquote&gt;&lt;script&gt;alert(3)&lt;/script&gt;") && !feed.contains("<script>alert"), "\(feed)")
        #expect(feed.contains("https://example.com/a?b=&lt;c&gt;") || feed.contains("https://example.com/a?b=%3Cc%3E"), "\(feed)")
        let contacts = try client.get("/contacts").body
        #expect(contacts.contains("&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;") && !contacts.contains("<script>alert"), "\(contacts)")
    }

    @Test("a feed shows its newest posts first, a page at a time, with a link to the older ones that goes on from the oldest shown")
    func feedPages() async throws {
        let world = try await TestWorld.start("alice")
        defer { world.stop() }
        let alice = world.homes[0]
        let id = try alice.createSession("Paged")
        for number in 1...3 {
            #expect(try alice.run(["post", id, "https://example.com/\(number)"]).status == 0)
            // Posts of one second are ordered by id; a second apart, by time.
            if number < 3 { try await Task.sleep(for: .seconds(1.1)) }
        }

        let client = try await world.signedIn(alice)
        let firstPage = try client.get("/sessions/\(id)?limit=2").body
        #expect(firstPage.components(separatedBy: "<li class=\"post").count - 1 == 2, "\(firstPage)")
        let newest = try #require(firstPage.range(of: "https://example.com/3")), older = try #require(firstPage.range(of: "https://example.com/2"))
        #expect(newest.lowerBound < older.lowerBound, "newest first")
        #expect(!firstPage.contains("https://example.com/1"), "\(firstPage)")
        // "Show older posts" goes on from the oldest post shown (a cursor, not a longer page).
        let olderLink = try #require(
            firstPage.components(separatedBy: "<p class=\"older\"><a href=\"").dropFirst().first?.components(separatedBy: "\"").first, "\(firstPage)")
        #expect(olderLink.hasPrefix("/sessions/\(id)?limit=2&amp;before="), "\(olderLink)")
        let olderPage = try client.get(olderLink.replacingOccurrences(of: "&amp;", with: "&")).body
        #expect(olderPage.components(separatedBy: "<li class=\"post").count - 1 == 1, "\(olderPage)")
        #expect(olderPage.contains("https://example.com/1") && !olderPage.contains("https://example.com/2"), "\(olderPage)")
        #expect(!olderPage.contains("Show older posts") && olderPage.contains("href=\"/sessions/\(id)\">Newest posts"), "\(olderPage)")
        let whole = try client.get("/sessions/\(id)?limit=52").body
        #expect(whole.contains("https://example.com/1") && !whole.contains("Show older posts"), "\(whole)")
        // One sender header for the three posts of one sender: the newest carries it.
        #expect(whole.components(separatedBy: "<div class=\"sender continued\">").count - 1 == 2, "\(whole)")
    }

    @Test("when the relay refuses a post, the composer says why and keeps the link and the note as typed")
    func composerKeepsTextWhenTheRelayRefuses() async throws {
        let world = try await TestWorld.start("alice")
        defer { world.stop() }
        let refusing = try await TestRelay.misbehaving("rate-limited")
        defer { refusing.process.stop() }
        let alice = world.homes[0]
        let id = try alice.createSession("Refused")
        #expect(try alice.run(["relay", "disable", world.relayURL]).status == 0)
        #expect(try alice.run(["relay", "add", refusing.url]).status == 0)

        let client = try await world.signedIn(alice)
        let answer = try client.post("/sessions/\(id)/posts", [("url", "https://example.com/kept"), ("note", "kept <as> typed")])
        #expect(answer.status == 502, "\(answer.body)")
        #expect(answer.body.contains("rate-limited: slow down"), "the relay's reason is shown: \(answer.body)")
        #expect(answer.body.contains("value=\"https://example.com/kept\"") && answer.body.contains(">kept &lt;as&gt; typed</textarea>"), "\(answer.body)")
        #expect(try alice.feed("Refused").isEmpty, "a refused post is not stored")
    }
}
