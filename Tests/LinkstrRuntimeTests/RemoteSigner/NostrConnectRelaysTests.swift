import LinkstrRuntime
import PluginTesting
import TestSupport
import Testing

/// Where a nostrconnect:// offer asks the signer to answer, the same for `linkstr account connect
/// --nostrconnect` and the app: the relays given, else config.toml's; with neither it is refused,
/// saying how to give one.
@Suite(.timeLimit(.minutes(1))) struct NostrConnectRelaysTests {
    let relay = FakeRelay()
    let scratch = TestScratch()

    @Test func theGivenRelaysWinElseConfigTomlsAreUsed() async throws {
        defer { scratch.remove() }
        let app = InProcessHome(scratch, relay: relay, relays: ["wss://configured.example"]).app()
        #expect(try app.nostrConnectRelays(["wss://given.example"], howToGive: "give one") == ["wss://given.example"])
        #expect(try app.nostrConnectRelays([], howToGive: "give one") == ["wss://configured.example"])
        await app.close()
    }

    @Test func withNoRelayAnywhereTheOfferIsRefusedSayingHowToGiveOne() async throws {
        defer { scratch.remove() }
        let app = InProcessHome(scratch, relay: relay, relays: []).app()
        let refused = #expect(throws: LinkstrError.self) { try app.nostrConnectRelays([], howToGive: "give one with --relay wss://…") }
        #expect(refused?.code == .badInput)
        #expect(refused?.description == "a nostrconnect:// link needs a relay where the signer answers; give one with --relay wss://…")
        await app.close()
    }
}
