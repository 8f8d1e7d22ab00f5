import LinkstrHost
import LinkstrRuntime
import NostrCore
import Testing

/// What approving a new client of the bunker grants, and the question that says so.
struct BunkerConnectRequestTests {
    private let client = Keypair.generate().publicKey

    @Test func aClientThatNamesNothingOrNothingKnownIsGrantedOnlyItsPublicKey() {
        for perms in ["", "sign_everything,connect", ",,"] {
            let request = BunkerConnectRequest(client: client, name: "Web", requested: BunkerPermission.list(perms).permissions)
            #expect(request.granted.isEmpty, "\(perms)")
            #expect(!request.granted.allow(method: "sign_event", kind: 1) && !request.granted.allow(method: "nip44_decrypt", kind: nil))
            #expect(request.question == "The Nostr client \"Web\" (\(client.npub)) asks to connect without naming a permission: it may only learn your public key. Allow it?")
        }
    }

    @Test func theQuestionSaysWhatEachGrantAllows() {
        let request = BunkerConnectRequest(client: client, name: nil, requested: BunkerPermission.list("sign_event:13,nip44_decrypt").permissions)
        #expect(request.granted.map(\.description) == ["sign_event:13", "nip44_decrypt"])
        #expect(request.question == """
            The Nostr client \(client.npub) asks to use your key to:
              - sign_event:13: send private messages and linkstr posts as you (kind 13 seals)
              - nip44_decrypt: read your private sessions, saved links and every NIP-44 message sent to you
            Allow it?
            """)
    }
}
