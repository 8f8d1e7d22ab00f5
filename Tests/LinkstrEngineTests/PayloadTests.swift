import LinkstrEngine
import NostrCore
import Testing

/// Payload decoding and validation exactly as the iPhone app applies them (docs/wire-compatibility.md, 3. Payloads).
@Suite struct PayloadTests {
    private let sid = "\"conversation_id\":\"S1\""

    private func reason(_ content: String) -> String? {
        do {
            _ = try LinkstrPayload.decode(content)
            return nil
        } catch {
            return error.reason
        }
    }

    @Test func decodesARootAsTheIPhoneAppSendsIt() throws {
        let payload = try LinkstrPayload.decode(
            #"{"conversation_id":"E621E1F8C36C495A93FC0C247A3E6E5F","root_id":"","kind":"root","url":"https:\/\/example.com\/a","note":"hi","timestamp":1739877200}"#)
        #expect(payload.kind == .root)
        #expect(payload.url == "https://example.com/a")
        #expect(payload.note == "hi")
        #expect(payload.timestamp == 1_739_877_200)
    }

    @Test func requiresConversationRootIDAndAKnownKind() {
        #expect(reason(#"{"root_id":"","kind":"root","url":"https://a.b"}"#) == "the payload has no string conversation_id")
        #expect(reason(#"{\#(sid),"kind":"root","url":"https://a.b"}"#) == "the payload has no string root_id")
        #expect(reason(#"{\#(sid),"root_id":null,"kind":"root","url":"https://a.b"}"#) == "the payload has no string root_id")
        #expect(reason(#"{\#(sid),"root_id":"","kind":"session_delete"}"#) == "unknown payload kind 'session_delete'")
        #expect(reason(#"{"conversation_id":"  ","root_id":"","kind":"root","url":"https://a.b"}"#) == "conversation_id is empty")
    }

    @Test func acceptsOnlyIntegralTimestampsAndRealBooleans() throws {
        #expect(try LinkstrPayload.decode(#"{\#(sid),"root_id":"","kind":"root","url":"https://a.b","timestamp":1700000000.0}"#).timestamp == 1_700_000_000)
        #expect(reason(#"{\#(sid),"root_id":"","kind":"root","url":"https://a.b","timestamp":1.5}"#) == "timestamp must be an integer, not 1.5")
        #expect(reason(#"{\#(sid),"root_id":"","kind":"root","url":"https://a.b","timestamp":"1700000000"}"#) == "timestamp must be an integer")
        #expect(reason(#"{\#(sid),"root_id":"x","kind":"reaction","emoji":"👍","reaction_active":1}"#) == "reaction_active must be true or false")
        #expect(try LinkstrPayload.decode(#"{\#(sid),"root_id":"","kind":"root","url":"https://a.b","note":null,"extra":[1,2]}"#).note == nil)
    }

    @Test func refusesAnUnpairedSurrogateEscapeInAnyString() {
        // The rumor's content is valid text, but the payload JSON inside it escapes half a UTF-16 pair.
        let url = reason(#"{\#(sid),"root_id":"","kind":"root","url":"https://a.b/\ud800"}"#)
        #expect(url?.contains("unpaired surrogate") == true, "\(url ?? "accepted")")
        let note = reason(#"{\#(sid),"root_id":"","kind":"root","url":"https://a.b","note":"x\udc00y"}"#)
        #expect(note?.contains("unpaired surrogate") == true, "\(note ?? "accepted")")
    }

    @Test func appliesThePerKindRules() {
        #expect(reason(#"{\#(sid),"root_id":"","kind":"root"}"#) == "a post needs a URL")
        #expect(reason(#"{\#(sid),"root_id":"","kind":"root","url":"ftp://example.com/video.mp4"}"#) == "'ftp://example.com/video.mp4' is a ftp: URL; only http and https links can be shared")
        #expect(reason(#"{\#(sid),"root_id":" ","kind":"root_delete"}"#) == "a delete needs the id of the post (root_id)")
        #expect(reason(#"{\#(sid),"root_id":"x","kind":"reaction","emoji":" ","reaction_active":true}"#) == "a reaction needs an emoji")
        #expect(reason(#"{\#(sid),"root_id":"x","kind":"reaction","emoji":"👍"}"#) == "a reaction needs reaction_active")
        #expect(reason(#"{\#(sid),"root_id":"t","kind":"session_create","member_pubkeys":["\#(EngineFixture.alice.hex)"]}"#) == "a session needs a name")
        #expect(reason(#"{\#(sid),"root_id":"t","kind":"session_members","member_pubkeys":["\#(EngineFixture.alice.hex)","npub1xyz"]}"#)
            == "member 'npub1xyz' is not a 64-character hex public key")
    }

    @Test func normalizesMemberKeys() throws {
        let upper = "  " + EngineFixture.alice.hex.uppercased() + " "
        let payload = try LinkstrPayload.decode(
            #"{\#(sid),"root_id":"t","kind":"session_members","member_pubkeys":["\#(upper)","\#(EngineFixture.bob.hex)","\#(EngineFixture.alice.hex)"]}"#)
        #expect(payload.members == [EngineFixture.alice, EngineFixture.bob])
    }

    /// The iPhone app has no per-field limits: what one seal can carry is accepted, and only the
    /// whole content is bounded (the memory one rumor takes).
    @Test func acceptsWhatTheIPhoneAppCanSendAndBoundsOnlyTheContent() throws {
        let longNote = String(repeating: "n", count: PayloadLimits.noteBytes + 1)
        let post = try LinkstrPayload.decode(#"{\#(sid),"root_id":"","kind":"root","url":"https://a.b","note":"\#(longNote)"}"#)
        #expect(post.note == longNote)
        let longURL = "https://a.b/" + String(repeating: "u", count: PayloadLimits.urlBytes)
        #expect(try LinkstrPayload.decode(#"{\#(sid),"root_id":"","kind":"root","url":"\#(longURL)"}"#).url == longURL)
        let longName = String(repeating: "é", count: PayloadLimits.sessionNameBytes)
        let members = (0..<(PayloadLimits.members + 1)).map { _ in Keypair.generate().publicKey }
        let session = try LinkstrPayload.decode(
            #"{\#(sid),"root_id":"t","kind":"session_create","session_name":"\#(longName)","member_pubkeys":[\#(members.map { "\"\($0.hex)\"" }.joined(separator: ","))]}"#)
        #expect(session.sessionName == longName && session.members == members)

        let many = (0..<10_000).map { _ in "\"\(EngineFixture.alice.hex)\"" }.joined(separator: ",")
        #expect(reason(#"{\#(sid),"root_id":"t","kind":"session_members","member_pubkeys":[\#(many)]}"#)?.hasPrefix("the payload is") == true)
        // What linkstr sends keeps its limits.
        #expect(throws: PayloadError("the note is \(PayloadLimits.noteBytes + 1) bytes; the limit is \(PayloadLimits.noteBytes)")) { try post.validate() }
        #expect(throws: PayloadError("a member list has \(PayloadLimits.members + 1) entries; the limit is \(PayloadLimits.members)")) {
            try session.validate()
        }
    }

    @Test func encodesWhatTheIPhoneAppAccepts() throws {
        let payload = LinkstrPayload(kind: .root, sessionID: SessionID("S1")!, rootID: "", url: "https://example.com/a", note: "hé \"q\"", timestamp: 5)
        let text = payload.encoded()
        #expect(text == #"{"conversation_id":"S1","root_id":"","kind":"root","url":"https:\/\/example.com\/a","note":"hé \"q\"","timestamp":5}"#)
        #expect(try LinkstrPayload.decode(text) == payload)
    }

    @Test func theWorkedIDExampleOfTheSpecHolds() throws {
        let pubkey = try PublicKey(hex: "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798")
        let content = #"{"conversation_id":"E621E1F8C36C495A93FC0C247A3E6E5F","root_id":"5c83da77af1dec6d7289834998ad7aafbd9e2191396d75ec3cc27f5a77226f36","kind":"reaction","timestamp":1739877200,"emoji":"👍","reaction_active":true}"#
        let rumor = UnsignedEvent(
            pubkey: pubkey, createdAt: 1_739_877_200, kind: 44001,
            tags: [["e", "5c83da77af1dec6d7289834998ad7aafbd9e2191396d75ec3cc27f5a77226f36", "", "root"]], content: content)
        #expect(rumor.id.hex == "1d6753adb191228bd1b1c36de605a5fb393aeae47bc7515577ed04a215bca491")
        let payload = try LinkstrPayload.decode(content)
        #expect(payload.rumorTags == rumor.tags)
    }
}
