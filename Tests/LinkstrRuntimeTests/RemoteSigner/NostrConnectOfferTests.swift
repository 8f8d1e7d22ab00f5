import LinkstrRuntime
import NostrCore
import PluginTesting
import TestSupport
import Testing

/// The nostrconnect:// offer `linkstr account connect --nostrconnect` and the app show, made by the
/// one rule: the relays given, else config.toml's (with neither it is refused, saying how to give
/// one); the permissions asked (empty: none named); the client name shown, "linkstr" by default.
@Suite(.timeLimit(.minutes(1))) struct NostrConnectOfferTests {
    let relay = FakeRelay()
    let scratch = TestScratch()

    @Test func theGivenRelaysWinElseConfigTomlsAreUsed() async throws {
        defer { scratch.remove() }
        let app = InProcessHome(scratch, relay: relay, relays: ["wss://configured.example"]).app()
        let sessionKey = SecretKey.generate()
        let given = try RemoteSignerAccount.offer(sessionKey: sessionKey, relays: ["wss://Given.example/"], howToGive: "give one", in: app)
        #expect(given.relays == ["wss://given.example"])
        #expect(given.client == sessionKey.publicKey)
        let configured = try RemoteSignerAccount.offer(sessionKey: sessionKey, relays: [], howToGive: "give one", in: app)
        #expect(configured.relays == ["wss://configured.example"])
        await app.close()
    }

    @Test func theOfferNamesLinkstrAndTheDefaultPermissionsUnlessToldOtherwise() async throws {
        defer { scratch.remove() }
        let app = InProcessHome(scratch, relay: relay).app()
        let key = SecretKey.generate()
        let plain = try RemoteSignerAccount.offer(sessionKey: key, relays: ["wss://r.example"], howToGive: "give one", in: app)
        #expect(plain.name == "linkstr")
        #expect(plain.permissions == NostrConnectLink.defaultPermissions)
        let named = try RemoteSignerAccount.offer(sessionKey: key, relays: ["wss://r.example"], permissions: "", name: "Laptop", howToGive: "give one", in: app)
        #expect(named.name == "Laptop")
        #expect(named.permissions == nil, "--perms \"\" asks for no permission by name")
        await app.close()
    }

    @Test func withNoRelayAnywhereOrABadOneTheOfferIsRefused() async throws {
        defer { scratch.remove() }
        let app = InProcessHome(scratch, relay: relay, relays: []).app()
        let none = #expect(throws: LinkstrError.self) {
            try RemoteSignerAccount.offer(sessionKey: .generate(), relays: [], howToGive: "give one with --relay wss://…", in: app)
        }
        #expect(none?.code == .badInput)
        #expect(none?.description == "a nostrconnect:// link needs a relay where the signer answers; give one with --relay wss://…")
        let bad = #expect(throws: LinkstrError.self) {
            try RemoteSignerAccount.offer(sessionKey: .generate(), relays: ["https://not.a.relay"], howToGive: "give one", in: app)
        }
        #expect(bad?.code == .badInput)
        await app.close()
    }
}
