import Foundation
import LinkstrWebApp
import NostrCore
import PluginTesting
import TestSupport
import Testing

/// Profiles in headless Chromium, for a home on a real relay watched by `linkstr watch`: the switcher
/// on every screen; a profile added (switched to; the watch follows, as after `linkstr profile use`), a
/// taken name refused, an nsec imported, renamed, and removed after the command line's question (Cancel
/// first); switching with keys only; an open page following `linkstr profile use` elsewhere; a backup
/// downloaded (passphrase twice, never shown back) and restored in a second app's onboarding (a wrong
/// passphrase refused first). `linkstr profile list` agrees at each step; axe-core finds no serious violation.
@Suite(.timeLimit(.minutes(3))) struct WebAppProfilesTests {
    @Test(.needsChromium)
    func switchAddImportRenameRemoveBackUpAndRestore() async throws {
        let world = try await TestWorld.start("alice")
        defer { world.stop() }
        let alice = world.homes[0]
        let imported = SecretKey.generate()

        let watch = try alice.watch(json: false)
        defer { _ = watch.terminate(within: 10) }
        // The watch holds the home first (the app then runs none of its own).
        #expect(await eventually(within: 30) { watch.caughtUp }, "\(watch.stderr)")
        let app = try await world.app(alice)
        let restorer = try await world.newcomerApp()
        let seen = try world.drive(
            "webapp_profiles.py",
            [
                "--app", app.url, "--newcomer", restorer.url, "--linkstr", BuildProducts.linkstrExecutable, "--home", alice.path,
                "--import-nsec", imported.nsec, "--downloads", world.scratch.folder("downloads"),
            ], timeout: 170)
        let context = "\(seen)\napp: \(app.process.stderr)"

        #expect(seen["timeouts"] == nil, "\(context)")
        #expect(seen["switcher_on"] as? [String] == ["/", "/contacts", "/you", "/settings", "/sessions/new"], "\(context)")
        #expect(seen["added_current"] as? Bool == true && seen["work_active"] as? Bool == true, "\(context)")
        #expect(seen["taken_problem"] as? String == "there is already a profile named 'work'; choose another name", "\(context)")
        #expect(seen["imported"] as? Bool == true && seen["nsec_in_page"] as? Bool == false, "\(context)")
        #expect(seen["renamed"] as? Bool == true, "\(context)")
        #expect(
            seen["removal_question"] as? String
                == "Delete profile 'older' and the key of \(imported.publicKey.npub) from this machine? It was never backed up (`linkstr profile backup older`).",
            "\(context)")
        #expect(seen["kept_after_cancel"] as? Bool == true && seen["removed"] as? Bool == true, "\(context)")
        #expect(seen["switcher_by_tab"] as? Bool == true && seen["default_by_tab"] as? Bool == true, "\(context)")
        #expect(seen["switched_by_keys"] as? Bool == true && seen["default_active"] as? Bool == true, "\(context)")
        #expect(seen["followed_switch"] as? Bool == true, "\(context)")
        // The running watch followed the app's switch to the new profile, as after `linkstr profile use`.
        #expect(watch.stderr.contains("linkstr: the active profile is now 'work' ("), "\(watch.stderr)")

        #expect(seen["backup_mismatch"] as? String == "the two passphrases differ" && seen["passphrase_in_page"] as? Bool == false, "\(context)")
        #expect(seen["backup_file"] as? String == "linkstr-default.ncryptsec" && seen["backup_text"] as? String == "ncryptsec1", "\(context)")
        #expect(seen["backed_up"] as? Bool == true, "\(context)")
        #expect(seen["file_pick_shown"] as? Bool == true && seen["file_read_in"] as? Bool == true, "\(context)")
        #expect(seen["restore_wrong"] as? String == "the passphrase does not open this backup (or the backup was altered); try again", "\(context)")
        #expect(seen["restored"] as? Bool == true, "\(context)")
        let restored = try ProcessRunner.linkstr(["profile", "list", "--json", "--home", restorer.home])
        let restoredProfiles = try JSONSerialization.jsonObject(with: Data(restored.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(restoredProfiles.count == 1 && restoredProfiles.first?["npub"] as? String == alice.npub, "\(restored.stdout)\(restored.stderr)")
        #expect(restoredProfiles.first?["backed_up"] as? Bool == true, "a profile restored from its backup counts as backed up: \(restored.stdout)")

        WebAppBrowserTests.expectAudited(seen, ["profiles", "profile-remove", "profile-backup", "onboarding-restore"])
        WebAppBrowserTests.expectNoSeriousViolation(seen)
        #expect(!app.process.stderr.contains(imported.nsec) && !app.process.stderr.contains("backup horse"), "\(app.process.stderr)")
    }

    /// Switching is a change: a POST with the CSRF token; the GET of its address changes nothing.
    /// Removing needs the form's confirmation; with the active profile removed, onboarding offers the others.
    @Test func switchingNeedsThePostWithItsToken() async throws {
        let world = try await TestWorld.start("alice", relay: nil)
        defer { world.stop() }
        let alice = world.homes[0]
        #expect(try alice.run(["profile", "add", "work", "--key-store", "plain"]).status == 0)
        let app = try await world.app(alice)
        let signedIn = try SignedIn(app)
        let activeName = { () throws -> String? in
            let list = try JSONSerialization.jsonObject(with: Data(try alice.run(["profile", "list", "--json"]).stdout.utf8)) as? [[String: Any]] ?? []
            return list.first { $0["active"] as? Bool == true }?["name"] as? String
        }
        let noToken = try signedIn.forge("/profiles/use", origin: app.origin, body: "name=work")
        #expect(noToken.status == 403 && noToken.header("x-linkstr-refused") == "csrf")
        let viaGet = try signedIn.get("/profiles/use?name=work")
        #expect(viaGet.status == 303)
        #expect(try activeName() == "default", "a GET switched the profile")
        let posted = try signedIn.post("/profiles/use", [("name", "work")])
        #expect(posted.status == 303)
        #expect(try activeName() == "work")
        // The state an open page compares: the new profile, open.
        let state = try signedIn.get("/profiles/state").body
        #expect(state.hasSuffix(":open") && !state.hasPrefix(alice.pubkey), "\(state)")

        // Removing is confirmed by the form's answer; without it, nothing is deleted.
        let unconfirmed = try signedIn.post("/profiles/remove", [("name", "work")])
        #expect(unconfirmed.status == 400 && unconfirmed.body.contains("nothing was deleted."), "\(unconfirmed.status)")
        #expect(try activeName() == "work")
        // The active profile removed, onboarding offers the others.
        #expect(try signedIn.post("/profiles/remove", [("name", "work"), ("confirm", "yes")]).status == 303)
        let onboarding = try signedIn.get("/").body
        #expect(onboarding.contains("Use one of your profiles") && onboarding.contains("aria-label=\"Use default (\(alice.npub))\""), "\(onboarding)")
        #expect(try signedIn.post("/profiles/use", [("name", "default")]).status == 303)
        #expect(try activeName() == "default")
        let sessions = try signedIn.get("/").body
        #expect(sessions.contains("<h1>Sessions</h1>") && sessions.contains("<details class=\"switcher\">"), "\(sessions)")
    }
}
