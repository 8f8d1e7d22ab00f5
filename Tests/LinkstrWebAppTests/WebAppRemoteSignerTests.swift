import Foundation
import LinkstrWebApp
import NostrCore
import PluginTesting
import TestSupport
import Testing

/// Using a remote signer from the app, against the rust-nostr test bunker on a real local relay: a
/// pasted bunker:// link is confirmed with the command line's words and connects (the signer's
/// auth_url shown as a link), a nostrconnect:// code with its countdown is answered; for an account
/// that has a signer, another one replaces it only after the person says so — and a POST from
/// another origin can neither connect nor answer that question.
@Suite(.timeLimit(.minutes(3))) struct WebAppRemoteSignerTests {
    /// The npub of a bunker:// link's signer.
    static func signerNpub(_ link: String) throws -> String {
        try PublicKey(hex: String(link.dropFirst("bunker://".count).prefix(64))).npub
    }

    @Test(.needsChromium)
    func onboardingConnectsByLinkAndByCode() async throws {
        let world = try await TestWorld.start()
        defer { world.stop() }
        let relay = try #require(world.relay)
        let (pastingUser, scanningUser) = (Keypair.generate(), Keypair.generate())
        let bunker = try await TestBunker(
            relayURL: relay.url, userSecret: pastingUser.secretKey.nsec,
            ["--secret", "first-time", "--auth-url", "https://signer.example/approve?request=1", "--auth-repeats", "30"])
        defer { bunker.process.stop() }
        let pasting = try await world.newcomerApp("pasting")
        let scanning = try await world.newcomerApp("scanning")

        let seen = try world.drive(
            "webapp_remote_signer.py",
            [
                "--pasting", pasting.url, "--scanning", scanning.url, "--link", bunker.ready, "--relay", relay.url,
                "--user-secret", scanningUser.secretKey.nsec, "--support", ExternalProcess.supportFolder,
            ], timeout: 170)
        let context = "\(seen)\npasting: \(pasting.process.stderr)\nscanning: \(scanning.process.stderr)"

        #expect(seen["timeouts"] == nil, "\(context)")
        #expect(seen["onboarding_offers"] as? Bool == true, "\(context)")
        let confirmation = seen["confirmation"] as? String ?? ""
        let signer = try Self.signerNpub(bunker.ready)
        #expect(confirmation.contains("Connect to the remote signer \(signer)"), "\(context)")
        #expect(confirmation.contains("relays: \(relay.url)") && confirmation.contains("secret: present"), "\(context)")
        #expect(seen["auth_link"] as? String == "https://signer.example/approve?request=1", "the auth_url is not shown as a link: \(context)")
        #expect((seen["auth_link_new_tab"] as? String)?.contains("noopener") == true, "\(context)")
        #expect(seen["connected"] as? Bool == true && seen["me_after"] as? String == pastingUser.publicKey.npub, "\(context)")
        #expect((seen["connected_text"] as? String)?.contains(pastingUser.publicKey.npub) == true, "\(context)")

        #expect((seen["offer"] as? String)?.hasPrefix("nostrconnect://") == true && seen["offer_qr"] as? Bool == true, "\(context)")
        #expect(seen["countdown_moves"] as? Bool == true, "the countdown does not count: \(context)")
        #expect(seen["offer_connected"] as? Bool == true, "\(context)")
        #expect((seen["offer_connected_text"] as? String)?.contains(scanningUser.publicKey.npub) == true, "\(context)")
        WebAppBrowserTests.expectNoSeriousViolation(seen)

        // The command line sees the accounts the app connected, each through its signer.
        for (home, user) in [(pasting.home, pastingUser), (scanning.home, scanningUser)] {
            let whoami = try ProcessRunner.linkstr(["whoami", "--json", "--home", home])
            #expect(whoami.stdout.contains(user.publicKey.npub), "\(whoami.stdout)\(whoami.stderr)")
        }
        try WebAppBrowserTests.expectScreenshots(["remote-confirm", "remote-auth", "remote-offer"])
    }

    @Test("another signer replaces the account's only after the person says so; a cross-origin POST neither connects nor answers")
    func replacingTheSignerIsAsked() async throws {
        let world = try await TestWorld.start()
        defer { world.stop() }
        let relay = try #require(world.relay)
        let user = Keypair.generate()
        var bunkers: [TestBunker] = []
        defer { for bunker in bunkers { bunker.process.stop() } }
        for secret in ["first", "second", "third"] {
            bunkers.append(try await TestBunker(relayURL: relay.url, userSecret: user.secretKey.nsec, ["--secret", secret]))
        }
        let (first, second, third) = (bunkers[0].ready, bunkers[1].ready, bunkers[2].ready)
        let (firstNpub, secondNpub) = (try Self.signerNpub(first), try Self.signerNpub(second))
        let home = world.emptyHome("home")
        let connected = try ProcessRunner.linkstr(["account", "connect", first, "--yes", "--key-store", "plain", "--home", home])
        #expect(connected.status == 0, "\(connected.stderr)")
        let app = try await world.app(home)
        let signedIn = try SignedIn(app)
        let encoded = { (text: String) in text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text }
        let statusPath = "/signer/remote?fragment=1"
        let status = { () throws -> String in try signedIn.get(statusPath).body }

        let crossOrigin = try signedIn.forge("/signer/remote/connect", origin: "http://evil.example", body: "csrf=\(signedIn.csrf)&link=\(encoded(second))")
        #expect(crossOrigin.status == 403 && crossOrigin.header("x-linkstr-refused") == "origin")
        let tokenless = try signedIn.forge("/signer/remote/connect", origin: app.origin, body: "link=\(encoded(second))")
        #expect(tokenless.status == 403 && tokenless.header("x-linkstr-refused") == "csrf")
        #expect(try status().isEmpty, "an attack started a connection")

        let confirmation = try signedIn.post("/signer/remote/check", [("link", second)])
        #expect(confirmation.status == 200 && confirmation.body.contains("Connect to the remote signer \(secondNpub)"), "\(confirmation.body)")
        #expect(try signedIn.post("/signer/remote/connect", [("link", second)]).status == 303)
        let (askedFirst, page) = await signedIn.waitForPage(statusPath, within: 30) { $0.contains("Replace the signer?") }
        #expect(askedFirst, "\(page)")
        #expect(page.contains("This account&#39;s signer is \(firstNpub)"), "\(page)")
        #expect(page.contains("The link&#39;s signer \(secondNpub) would replace it"), "\(page)")

        let forged = try signedIn.forge("/signer/remote/replace", origin: "http://evil.example", body: "csrf=\(signedIn.csrf)&answer=replace")
        #expect(forged.status == 403 && forged.header("x-linkstr-refused") == "origin")
        #expect(try status().contains("Replace the signer?"), "the forged answer was taken")
        #expect(try signedIn.post("/signer/remote/replace", [("answer", "keep")]).status == 303)
        let kept = try status()
        #expect(kept.contains("nothing was changed: the account keeps its signer \(firstNpub)"), "\(kept)")
        let profiles = { (try? String(contentsOfFile: home + "/data/profiles.json", encoding: .utf8)) ?? "" }
        let signerHex = { (link: String) in String(link.dropFirst("bunker://".count).prefix(64)) }
        #expect(profiles().contains(signerHex(first)) && !profiles().contains(signerHex(second)), "the signer changed after Keep: \(profiles())")

        #expect(try signedIn.post("/signer/remote/connect", [("link", third)]).status == 303)
        let (askedAgain, again) = await signedIn.waitForPage(statusPath, within: 30) { $0.contains("Replace the signer?") }
        #expect(askedAgain, "\(again)")
        #expect(try signedIn.post("/signer/remote/replace", [("answer", "replace")]).status == 303)
        let (replaced, reconnected) = await signedIn.waitForPage(statusPath, within: 30) { $0.contains("Reconnected") }
        #expect(replaced, "\(reconnected)")
        #expect(profiles().contains(signerHex(third)) && !profiles().contains(signerHex(first)), "the signer was not replaced: \(profiles())")
        // The app goes on as the same account, through the new signer.
        #expect(try signedIn.get("/").body.contains(user.publicKey.npub))
    }
}
