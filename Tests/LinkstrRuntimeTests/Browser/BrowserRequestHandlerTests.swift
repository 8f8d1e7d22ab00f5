import Foundation
import LinkstrHost
import LinkstrRuntime
import NostrCore
import Testing

/// The host's answers to NIP-07 requests, in process, with a local key.
@Suite struct BrowserRequestHandlerTests {
    private let keypair = Keypair.generate()

    private func makeHandler(_ scratch: TestScratch, allow: [String] = ["https://example.org:*"], keys: BrowserKeyAccess? = nil, prompt: ScriptedPrompt? = nil)
        throws -> BrowserRequestHandler
    {
        let settings = BrowserSettings(allow: try allow.map { try BrowserRule(parsing: $0) })
        return BrowserRequestHandler(
            keys: keys ?? .always(BrowserAccount(profile: ProfileID(), profileName: "default", signer: LocalSigner(keypair: keypair), relays: nil)),
            permissions: BrowserPermissions(settings: settings, store: BrowserPermissionStore(path: scratch.file("p.json")), prompt: prompt))
    }

    private func reply(_ handler: BrowserRequestHandler, _ request: [String: Any]) async throws -> [String: Any] {
        let data = await handler.reply(to: try JSONSerialization.data(withJSONObject: request))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func signsTheEventWithTheAccountsKey() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let event: [String: Any] = ["kind": 1, "created_at": 1_700_000_000, "tags": [["t", "linkstr"]], "content": "hello from a web page"]
        let answer = try await reply(try makeHandler(scratch), ["id": "7", "origin": "https://example.org", "method": "signEvent", "params": ["event": event]])
        #expect(answer["id"] as? String == "7")
        let signed = try #require(answer["result"] as? [String: Any])
        let parsed = try Event(json: try JSONSerialization.data(withJSONObject: signed))
        try parsed.verify()
        #expect(parsed.pubkey == keypair.publicKey)
        #expect(parsed.kind == 1 && parsed.createdAt == 1_700_000_000 && parsed.content == "hello from a web page" && parsed.tags == [["t", "linkstr"]])
    }

    @Test func answersThePublicKeyAndEncryptsAndDecryptsWithNIP44() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let handler = try makeHandler(scratch)
        let pubkey = try await reply(handler, ["id": 1, "origin": "https://example.org", "method": "getPublicKey"])
        #expect(pubkey["id"] as? Int == 1)
        #expect(pubkey["result"] as? String == keypair.publicKey.hex)

        let peer = Keypair.generate()
        let encrypted = try await reply(
            handler, ["id": 2, "origin": "https://example.org", "method": "nip44.encrypt", "params": ["pubkey": peer.publicKey.hex, "plaintext": "secret"]])
        let ciphertext = try #require(encrypted["result"] as? String)
        #expect(try LocalSigner(keypair: peer).nip44Decrypt(ciphertext, from: keypair.publicKey) == "secret")
        let decrypted = try await reply(
            handler, ["id": 3, "origin": "https://example.org", "method": "nip44.decrypt", "params": ["pubkey": peer.publicKey.hex, "ciphertext": ciphertext]])
        #expect(decrypted["result"] as? String == "secret")
    }

    @Test func refusesAnUnknownOriginAnUnknownMethodAndAnotherAuthor() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let handler = try makeHandler(scratch)
        let noOrigin = try await reply(handler, ["id": 1, "method": "getPublicKey"])
        #expect(
            noOrigin["error"] as? String
                == "linkstr refused: the request's origin (none) is not a web site's https origin (plain http only on this machine: localhost, 127.0.0.1, ::1)")
        let plainHTTP = try await reply(handler, ["id": 5, "origin": "http://example.org", "method": "getPublicKey"])
        #expect((plainHTTP["error"] as? String)?.contains("origin ('http://example.org') is not a web site's https origin") == true, "\(plainHTTP)")
        let loopback = try await reply(try makeHandler(scratch, allow: ["http://localhost:8080:*"]), ["id": 6, "origin": "http://localhost:8080", "method": "getPublicKey"])
        #expect(loopback["result"] as? String == keypair.publicKey.hex, "\(loopback)")
        #expect(noOrigin["result"] == nil)
        let extensionOrigin = try await reply(handler, ["id": 2, "origin": "chrome-extension://abc", "method": "getPublicKey"])
        #expect((extensionOrigin["error"] as? String)?.contains("origin ('chrome-extension://abc') is not a web site's") == true)
        let unknown = try await reply(handler, ["id": 3, "origin": "https://example.org", "method": "nip04.encrypt"])
        #expect((unknown["error"] as? String)?.hasPrefix("unknown method 'nip04.encrypt'; linkstr answers getPublicKey, signEvent") == true)
        let other = Keypair.generate().publicKey.hex
        let foreign = try await reply(
            handler, ["id": 4, "origin": "https://example.org", "method": "signEvent", "params": ["event": ["kind": 1, "content": "", "pubkey": other]]])
        #expect(foreign["error"] as? String == "the event's pubkey \(other) is not the account's key \(keypair.publicKey.hex)")
        let notJSON = try #require(try JSONSerialization.jsonObject(with: await handler.reply(to: Data("not json".utf8))) as? [String: Any])
        #expect(notJSON["id"] is NSNull && notJSON["error"] as? String == "the message is not a JSON object")
    }

    @Test func aKeyThatIsNotAvailableRefusesBeforeAnyoneIsAsked() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let prompt = ScriptedPrompt(answering: .allow)
        let locked = BrowserKeyAccess { () throws(BrowserRequestError) in throw BrowserRequestError("linkstr is locked; run `linkstr unlock`") }
        let handler = try makeHandler(scratch, allow: [], keys: locked, prompt: prompt)
        let answer = try await reply(handler, ["id": 1, "origin": "https://example.org", "method": "getPublicKey"])
        #expect(answer["error"] as? String == "linkstr is locked; run `linkstr unlock`")
        #expect(prompt.questions.isEmpty)
    }
}
