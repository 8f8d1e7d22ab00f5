import Foundation
import PluginTesting
import TestSupport
import Testing

/// The You and Settings screens in headless Chromium, for a home on a real relay: the npub with its
/// QR code and copy button; publishing, refusing an empty and clearing the name (as `linkstr account
/// name`); the relays with their status, added, refused, disabled, enabled and removed (as `linkstr
/// relay …`); notifications as configured and a test one (as `linkstr notify test`); the storage in use; the secret key only after "Reveal"; deleting the account refused
/// for a wrong npub; "Log out and clear data" asked first (Cancel keeps it), then back at onboarding.
@Suite(.timeLimit(.minutes(3))) struct WebAppYouSettingsTests {
    @Test(.needsChromium)
    func youAndSettings() async throws {
        let world = try await TestWorld.start("alice")
        defer { world.stop() }
        let alice = world.homes[0]
        let app = try await world.app(alice)
        let seen = try world.drive(
            "webapp_settings.py", ["--app", app.url, "--relay", world.relayURL, "--linkstr", BuildProducts.linkstrExecutable, "--home", alice.path])
        let context = "\(seen)\napp: \(app.process.stderr)"

        #expect(seen["timeouts"] == nil, "\(context)")
        #expect(seen["npub"] as? String == alice.npub, "\(context)")
        #expect(seen["qr_drawn"] as? Bool == true, "\(context)")
        #expect(seen["published_shown"] as? Bool == true, "\(context)")
        #expect(seen["whoami_after_publish"] as? String == "Alice A.", "\(context)")
        #expect((seen["empty_name_problem"] as? String)?.contains("the name is empty") == true, "\(context)")
        #expect(seen["cleared_shown"] as? Bool == true, "\(context)")
        #expect(seen["relay_listed"] as? Bool == true, "\(context)")
        #expect(seen["relay_connected_dot"] as? Bool == true, "the relay's dot did not turn connected while the page was open: \(context)")
        #expect((seen["bad_relay_problem"] as? String)?.contains("is not a relay address") == true && seen["bad_relay_kept"] as? String == "not a relay", "\(context)")
        #expect(seen["added"] as? Bool == true && seen["disabled_dot"] as? Bool == true && seen["enabled_again"] as? Bool == true, "\(context)")
        #expect(seen["removed"] as? Bool == true, "\(context)")
        #expect((seen["storage"] as? String)?.contains("bytes") == true || (seen["storage"] as? String)?.contains("KB") == true, "\(context)")
        #expect((seen["notifications_said"] as? String)?.contains("anyone in a session with you, through desktop notifications") == true, "\(context)")
        #expect((seen["notifications_changed"] as? String)?.contains("only your contacts, through none (notifications are off)") == true, "\(context)")
        // As `linkstr notify test`: each notifier's outcome, or why none is active (no notification server here).
        let outcome = (seen["notify_test"] as? [String])?.joined(separator: "\n") ?? ""
        #expect(outcome.contains("org.linkstr.notify.desktop: ") || outcome.contains("notifications are off"), "\(context)")
        #expect(seen["nsec_before_reveal"] as? Bool == false, "the secret key is in the page before Reveal: \(context)")
        #expect(seen["nsec_revealed"] as? String == alice.nsec, "\(context)")

        #expect((seen["delete_mismatch"] as? String)?.contains("does not match this account (\(alice.npub)); nothing was deleted") == true, "\(context)")
        #expect((seen["logout_question"] as? String)?.contains("Delete the key of \(alice.npub) from this machine?") == true, "\(context)")
        #expect(seen["cancel_kept_account"] as? Bool == true && seen["onboarding_after_logout"] as? Bool == true, "\(context)")

        // The command line sees what the app did: the added relay is gone again, the list stays; no account.
        let relays = try alice.run(["relay", "list", "--json"])
        #expect(relays.stdout.contains(world.relayURL) && !relays.stdout.contains("127.0.0.1:9"), "\(relays.stdout)")
        let shown = try alice.run(["account", "show", "--json"])
        #expect(shown.status != 0, "the account is still there: \(shown.stdout)")
    }
}
