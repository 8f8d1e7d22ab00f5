import Foundation
import Testing
@testable import NostrCore

@Suite("Relay and client messages")
struct RelayMessageTests {
    static let eventJSON = #"{"id":"70b10f70c1318967eddf12527799411b1a9780ad9c43858f5e5fcd45486a13a5","pubkey":"379e863e8357163b5bce5d2688dc4f1dcc2d505222fb8d74db600f30535dfdfe","created_at":1612809991,"kind":1,"tags":[],"content":"test","sig":"273a9cd5d11455590f4359500bccb7a89428262b96b3ea87a756b770964472f8c3e87f5d5e64d8d2e859a71462a3f477b554565c4f2f326cb01dd7620db71502"}"#
    static let id = "70b10f70c1318967eddf12527799411b1a9780ad9c43858f5e5fcd45486a13a5"

    @Test("every relay frame type parses")
    func frames() throws {
        let event = try Event(json: Self.eventJSON)
        #expect(try RelayMessage(json: #"["EVENT","sub-1","# + Self.eventJSON + "]") == .event(subscriptionID: "sub-1", event: event))
        #expect(try RelayMessage(json: #" [ "OK" , "\#(Self.id)" , true , "" ] "#)
            == .ok(eventID: try EventID(hex: Self.id), accepted: true, message: ""))
        #expect(try RelayMessage(json: #"["OK","\#(Self.id)",false,"blocked: no"]"#)
            == .ok(eventID: try EventID(hex: Self.id), accepted: false, message: "blocked: no"))
        #expect(try RelayMessage(json: #"["OK","\#(Self.id)",true]"#) == .ok(eventID: try EventID(hex: Self.id), accepted: true, message: ""))
        #expect(try RelayMessage(json: #"["EOSE","sub-1"]"#) == .endOfStoredEvents(subscriptionID: "sub-1"))
        #expect(try RelayMessage(json: #"["CLOSED","sub-1","error: shutting down"]"#)
            == .closed(subscriptionID: "sub-1", message: "error: shutting down"))
        #expect(try RelayMessage(json: #"["NOTICE","hello \u00e9"]"#) == .notice(message: "hello é"))
        #expect(try RelayMessage(json: #"["AUTH","challenge-string"]"#) == .auth(challenge: "challenge-string"))
        #expect(try RelayMessage(json: Array(#"["EOSE","s",{"future":[1]}]"#.utf8)) == .endOfStoredEvents(subscriptionID: "s"))
    }

    @Test("bad frames are refused with a usable error")
    func badFrames() throws {
        #expect(throws: RelayMessageParseError.unknownType("COUNT")) { try RelayMessage(json: #"["COUNT","s",{"count":1}]"#) }
        let invalidEvent = try #require(throws: RelayMessageParseError.self) {
            try RelayMessage(json: #"["EVENT","s",{"id":"XYZ"}]"#)
        }
        guard case let .invalidEvent(subscriptionID, eventError) = invalidEvent else { Issue.record("\(invalidEvent)"); return }
        #expect(subscriptionID == "s")
        #expect(eventError.field == "id")
        for frame in [#"{"EOSE":"s"}"#, #"["EOSE"]"#, #"["EOSE","s""#, #"["EOSE","s"] x"#, #"["OK","\#(Self.id.uppercased())",true,""]"#,
                      #"["OK","\#(Self.id)","true",""]"#, #"[1,"s"]"#, "", #"["EVENT","s",{}]"#] {
            #expect(throws: RelayMessageParseError.self, "\(frame)") { try RelayMessage(json: frame) }
        }
        let upper = try #require(throws: RelayMessageParseError.self) {
            try RelayMessage(json: #"["OK","\#(Self.id.uppercased())",true,""]"#)
        }
        #expect(upper.description.contains("64 lowercase hex"))
    }

    @Test("client frames: EVENT, REQ with filters, CLOSE, AUTH")
    func clientFrames() throws {
        let event = try Event(json: Self.eventJSON)
        #expect(ClientMessage.event(event).jsonString() == #"["EVENT","# + Self.eventJSON + "]")
        #expect(ClientMessage.auth(event).jsonString() == #"["AUTH","# + Self.eventJSON + "]")
        #expect(ClientMessage.close(subscriptionID: "sub\"1").jsonString() == #"["CLOSE","sub\"1"]"#)
        let key = try PublicKey(hex: "379e863e8357163b5bce5d2688dc4f1dcc2d505222fb8d74db600f30535dfdfe")
        let filter = Filter(ids: [try EventID(hex: Self.id)], authors: [key], kinds: [1059, 1], eventReferences: [try EventID(hex: Self.id)],
                            pubkeyReferences: [key], since: 1_700_000_000, until: 1_800_000_000, limit: 500)
        #expect(filter.jsonString() == ##"{"ids":["\##(Self.id)"],"authors":["\##(key.hex)"],"kinds":[1059,1],"#e":["\##(Self.id)"],"#p":["\##(key.hex)"],"since":1700000000,"until":1800000000,"limit":500}"##)
        #expect(Filter().jsonString() == "{}")
        let request = ClientMessage.request(subscriptionID: "linkstr-live", filters: [Filter(kinds: [1059], pubkeyReferences: [key], since: 5), Filter(limit: 1)])
        #expect(request.jsonString() == ##"["REQ","linkstr-live",{"kinds":[1059],"#p":["\##(key.hex)"],"since":5},{"limit":1}]"##)
        // Foundation reads every frame as the same JSON.
        for message in [ClientMessage.event(event), request, .close(subscriptionID: "x/y\n")] {
            #expect(try JSONSerialization.jsonObject(with: Data(message.jsonBytes())) is [Any])
        }
    }
}
