import Foundation
import PluginTesting
import TestSupport
import Testing

/// The lock in headless Chromium, for a home on a real relay: the master passphrase set in the app,
/// "Lock now" from the profile switcher with keys only, the lock screen for every page (name, npub,
/// its QR code and "copy npub"; what keeps running while locked; no secret in the page), a wrong
/// passphrase refused with the runtime's message and nothing changed, unlocking with keys only, the
/// auto-lock written to config.toml, and an open page that follows `linkstr lock` and `linkstr unlock`
/// run elsewhere. `linkstr whoami` agrees at each step; axe-core finds no serious violation.
@Suite(.timeLimit(.minutes(3))) struct WebAppLockTests {
    @Test(.needsChromium)
    func lockScreenUnlockAndLockNow() async throws {
        let world = try await TestWorld.start("alice")
        defer { world.stop() }
        let alice = world.homes[0]
        defer { HomeUnlockAgent.stop(alice.path) }
        let app = try await world.app(alice)
        let seen = try world.drive(
            "webapp_lock.py", ["--app", app.url, "--linkstr", BuildProducts.linkstrExecutable, "--home", alice.path, "--nsec", alice.nsec])
        let context = "\(seen)\napp: \(app.process.stderr)"

        #expect(seen["timeouts"] == nil, "\(context)")
        #expect(seen["switcher_name"] as? String == "default", "\(context)")
        #expect((seen["unprotected_said"] as? String)?.contains("No passphrase protects your keys") == true, "\(context)")
        #expect(seen["mismatch_problem"] as? String == "the two passphrases differ", "\(context)")
        #expect(seen["passphrase_in_page"] as? Bool == false, "a passphrase came back in the page: \(context)")
        #expect(seen["lock_now_offered"] as? Bool == true && seen["locked_after_setting"] as? Bool == false, "\(context)")
        #expect(seen["auto_lock_selected"] as? String == "5", "\(context)")
        let config = try String(contentsOfFile: alice.path + "/config.toml", encoding: .utf8)
        #expect(config.contains("[profiles]\nauto_lock_minutes = 5") && config.contains(world.relayURL), "\(config)")

        #expect(seen["switcher_by_tab"] as? Bool == true && seen["switcher_open"] as? Bool == true && seen["lock_now_by_tab"] as? Bool == true, "\(context)")
        #expect(seen["lock_screen"] as? Bool == true && seen["locked_after_lock_now"] as? Bool == true, "\(context)")
        #expect(seen["lock_name"] as? String == "default" && seen["lock_npub"] as? String == alice.npub, "\(context)")
        #expect(seen["lock_qr"] as? Bool == true && seen["copy_npub"] as? Bool == true, "\(context)")
        let whileLocked = seen["while_locked"] as? String ?? ""
        #expect(whileLocked.contains("After the auto-lock") && whileLocked.contains("keep opening, storing and notifying"), "\(context)")
        #expect(whileLocked.contains("After Lock now") && whileLocked.contains("This app's watch stops"), "\(context)")
        #expect(seen["nsec_in_lock_screen"] as? Bool == false, "\(context)")
        #expect(seen["contacts_while_locked"] as? Bool == true && seen["settings_while_locked"] as? Bool == true, "\(context)")

        #expect(seen["wrong_problem"] as? String == "wrong passphrase: it is not this home's master passphrase", "\(context)")
        #expect(seen["wrong_shown_back"] as? Bool == false && seen["locked_after_wrong"] as? Bool == true, "\(context)")
        #expect(seen["passphrase_focused"] as? Bool == true && seen["unlocked_page"] as? Bool == true, "\(context)")
        #expect(seen["locked_after_unlock"] as? Bool == false, "\(context)")

        #expect(seen["cli_lock"] as? Int == 0 && seen["followed_lock"] as? Bool == true, "\(context)")
        #expect(seen["cli_unlock"] as? Int == 0 && seen["followed_unlock"] as? Bool == true, "\(context)")

        WebAppBrowserTests.expectAudited(seen, ["profiles", "lock"])
        WebAppBrowserTests.expectNoSeriousViolation(seen)
        // The app wrote nothing secret to its output.
        #expect(!app.process.stderr.contains(alice.nsec) && !app.process.stderr.contains("correct horse"), "\(app.process.stderr)")
    }

    /// The unlock agent's auto-lock (`[profiles] auto_lock_minutes = 1`, no use for a minute): every
    /// page is then the lock screen, saying when it locked itself; the state open pages compare says locked.
    @Test func theAutoLockShowsTheLockScreenAndSaysWhen() async throws {
        let world = try await TestWorld.start("alice", relay: nil, config: "[profiles]\nauto_lock_minutes = 1\n")
        defer { world.stop() }
        let alice = world.homes[0]
        defer { HomeUnlockAgent.stop(alice.path) }
        for command in [["profile", "passphrase"], ["unlock"]] {
            let run = try ProcessRunner.run(
                "/usr/bin/setsid", ["--wait", BuildProducts.linkstrExecutable] + command + ["--passphrase-stdin", "--home", alice.path],
                environment: ProcessRunner.linkstrEnvironment(), stdin: "correct horse\n")
            #expect(run.status == 0, "\(command): \(run.stderr)")
        }
        let signedIn = try await world.signedIn(alice)
        #expect(try signedIn.get("/profiles/state").body == alice.pubkey + ":open")
        let locked = await eventually(within: 100) { (try? signedIn.get("/profiles/state").body) == alice.pubkey + ":locked" }
        #expect(locked, "the agent did not lock itself within 100 s")
        let page = try signedIn.get("/contacts")
        #expect(page.status == 200 && page.body.contains("<h1>linkstr is locked</h1>"), "\(page.body)")
        #expect(page.body.contains("It locked itself at ") && page.body.contains("after 1 minute without use."), "\(page.body)")
        #expect(!page.body.contains(alice.nsec))
    }
}
