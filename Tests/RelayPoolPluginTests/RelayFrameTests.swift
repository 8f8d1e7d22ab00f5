import NostrCore
import Testing

@testable import RelayPoolPlugin

@Suite("Relay frames: parsing what relays send")
struct RelayFrameTests {
    private func parse(_ text: String) throws -> RelayFrame {
        try RelayFrame.parse(Array(text.utf8))
    }

    @Test("an EVENT keeps the event object byte for byte, whitespace and escapes included")
    func eventBytes() throws {
        let object = #"{ "id" : "ab", "content":"caf\u00e9 \"q\"\n", "tags":[[ "p","x" ]] , "n": -1.5e3 }"#
        let frame = try parse(#"[ "EVENT" , "sub 1", "# + object + " ]")
        #expect(frame == .event(subscriptionID: "sub 1", event: ArraySlice(Array(#"[ "EVENT" , "sub 1", "#.utf8) + Array(object.utf8))[(#"[ "EVENT" , "sub 1", "#.utf8.count)...]))
        guard case .event(_, let event) = frame else { return }
        #expect(Array(event) == Array(object.utf8))
    }

    @Test("OK with an empty id (nostr-relay), without a message, and with extra elements")
    func okVariants() throws {
        #expect(try parse(#"["OK","",false,"invalid: too big"]"#) == .ok(eventID: "", accepted: false, message: "invalid: too big"))
        #expect(try parse(#"["OK","ab",true]"#) == .ok(eventID: "ab", accepted: true, message: ""))
        #expect(try parse(#"["OK","ab",true,"",{"future":1}]"#) == .ok(eventID: "ab", accepted: true, message: ""))
    }

    @Test("EOSE, CLOSED, NOTICE, AUTH and unknown types")
    func otherTypes() throws {
        #expect(try parse(#"["EOSE","s"]"#) == .endOfStoredEvents(subscriptionID: "s"))
        #expect(try parse(#"["CLOSED","s","auth-required: log in"]"#) == .closed(subscriptionID: "s", message: "auth-required: log in"))
        #expect(try parse(#"["NOTICE","\ud83d\ude00 hi"]"#) == .notice(message: "😀 hi"))
        #expect(try parse(#"["AUTH","challenge-1"]"#) == .auth(challenge: "challenge-1"))
        #expect(try parse(#"["COUNT","s",{"count":3}]"#) == .other(type: "COUNT"))
    }

    @Test(
        "malformed frames are refused with a reason",
        arguments: [
            ("not json", "not valid JSON"),
            ("[]", "empty array"),
            (#"{"EVENT":1}"#, "not valid JSON"),
            (#"["EVENT"]"#, "EVENT frame ends before a subscription id"),
            (#"["EVENT","s"]"#, "EVENT frame ends before an event object"),
            (#"["EVENT",42,{}]"#, "EVENT frame: expected a subscription id at element 2"),
            (#"["EVENT","s",[]]"#, "EVENT frame: expected an event object at element 3"),
            (#"["OK","ab"]"#, "OK frame ends before true or false"),
            (#"["EOSE""#, "not valid JSON"),
            // The reader's own refusals (tested in StrictJSONTests) pass through with their reason.
            (#"["NOTICE","\ud800"]"#, #"not valid JSON: unpaired surrogate \uD800 in a string (at byte 11)"#),
            (#"["EVENT","s",{"id":1,}]"#, "not valid JSON"),
            (#"["EOSE","s"] x"#, "unexpected data after the end"),
        ])
    func malformed(text: String, reason: String) {
        #expect {
            _ = try parse(text)
        } throws: { error in
            (error as? TransportInputError)?.reason.contains(reason) == true
        }
    }

    /// The pool once read frames with a reader of its own that stopped at 64 levels, so it dropped
    /// events the Nostr core accepts (up to 128). Both now read with the one strict reader: what the
    /// pool hands on is what `Event(json:)` accepts, and an event too deep for one is too deep for both.
    @Test("an event is handed on exactly when the Nostr core accepts it: 127 nested levels in a field, not 128")
    func agreesWithNostrCore() throws {
        let pubkey = "f9308a019258c31049344f85f89d5229b531c845836f99b08601f113bce036f9"
        let id = "fa912696f15ff8ab50d60944811ffa3a71713264164c53f3a395fcd79e92a4ef"
        for levels in [64, 127, 128] {
            let nested = String(repeating: "[", count: levels) + String(repeating: "]", count: levels)
            let event = #"{"id":"\#(id)","pubkey":"\#(pubkey)","created_at":1700000000,"kind":1,"tags":[],"content":"hi","#
                + #""sig":"\#(String(repeating: "ab", count: 64))","extra":\#(nested)}"#
            let acceptedByCore = (try? Event(json: event)) != nil
            let handedOn = (try? parse(#"["EVENT","s",\#(event)]"#)).map { frame in
                guard case .event(_, let bytes) = frame else { return false }
                return Array(bytes) == Array(event.utf8)
            } ?? false
            #expect(acceptedByCore == (levels < 128), "\(levels) levels")
            #expect(handedOn == acceptedByCore, "\(levels) levels")
        }
    }

    @Test("nesting deeper than the limit is refused, not a stack overflow")
    func deepNesting() {
        let deep = #"["EVENT","s",{"a":"# + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "}]"
        #expect(throws: TransportInputError.self) { _ = try parse(deep) }
    }
}
