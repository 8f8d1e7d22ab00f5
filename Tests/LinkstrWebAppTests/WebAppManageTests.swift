import Foundation
import PluginTesting
import TestSupport
import Testing

/// Deleting a post and managing members in headless Chromium, two apps through a real relay: the
/// creator adds a contact, removes her and sees a bad key said on the form; a member sees the list
/// without controls, and the runtime refuses a change he forges ("only the session creator…", as the
/// command line says); the creator's Delete asks first, Cancel keeps the post, confirming deletes it
/// for the member too (his open page drops it live).
@Suite(.timeLimit(.minutes(3))) struct WebAppManageTests {
    @Test(.needsChromium)
    func membersAndDeletingInTheApp() async throws {
        let world = try await TestWorld.start("alice", "bob", "carol")
        defer { world.stop() }
        let (alice, bob, carol) = (world.homes[0], world.homes[1], world.homes[2])
        #expect(try alice.run(["contact", "add", bob.npub, "--alias", "Bob"]).status == 0)
        #expect(try alice.run(["contact", "add", carol.npub, "--alias", "Carol"]).status == 0)
        let session = try alice.json(SessionMembers.self, ["session", "create", "Family", "--member", bob.npub]).id
        #expect(try alice.run(["post", session, "https://example.com/to-delete", "--note", "soon gone"]).status == 0)
        _ = try bob.sync()

        let aliceApp = try await world.app(alice)
        let bobApp = try await world.app(bob)
        let seen = try world.drive("webapp_manage.py", ["--alice", aliceApp.url, "--bob", bobApp.url, "--session", session, "--carol", carol.npub])
        let context = "\(seen)\nalice: \(aliceApp.process.stderr)\nbob: \(bobApp.process.stderr)"

        #expect(seen["timeouts"] == nil, "\(context)")
        #expect(seen["creator_remove_buttons"] as? [String] == ["Remove Bob"], "\(context)")
        #expect(seen["creator_can_add"] as? [String] == [carol.npub], "\(context)")
        #expect(seen["carol_added"] as? Bool == true, "\(context)")
        #expect(seen["carol_removed"] as? Bool == true, "\(context)")
        #expect((seen["bad_key_problem"] as? String)?.isEmpty == false && seen["bad_key_kept"] as? String == "npub1typo", "\(context)")
        #expect(seen["member_forms"] as? Int == 0, "\(context)")
        #expect(seen["member_lists_creator"] as? Bool == true, "\(context)")
        #expect((seen["member_forged_change"] as? String)?.contains("only the session creator can manage members.") == true, "\(context)")
        #expect(seen["member_sees_no_delete"] as? Bool == true, "\(context)")
        #expect(seen["confirm_shown"] as? Bool == true, "\(context)")
        #expect(seen["cancel_kept_post"] as? Bool == true, "\(context)")
        #expect(seen["deleted_in_alices_page"] as? Bool == true, "\(context)")
        #expect(seen["deleted_live_in_bobs_page"] as? Bool == true, "\(context)")
        #expect(seen["bob_kept_page"] as? Bool == true, "Bob's page was reloaded instead of updated: \(context)")

        // What the app did is what the command line sees: Bob is the one other member, the post is gone.
        let members = try alice.json(SessionMembers.self, ["session", "members", session])
        #expect(Set(members.members) == Set([alice.pubkey, bob.pubkey]), "\(members)")
        let feed = try alice.run(["feed", session, "--json"])
        #expect(feed.status == 0 && !feed.stdout.contains("to-delete"), "\(feed.stdout)")
    }
}
