import Testing

@testable import RelayPoolPlugin

@Suite("Relay pool building blocks: backoff, JSON text, filters, events, relay URLs")
struct SupportTests {
    @Test("reconnect delays double up to the maximum, each scaled by 0.5…1, and start over after a reset")
    func backoff() {
        var backoff = ReconnectBackoff(minimum: .milliseconds(100), maximum: .seconds(1))
        var random = SystemRandomNumberGenerator()
        let ceilings: [Duration] = [.milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(800), .seconds(1), .seconds(1)]
        for ceiling in ceilings {
            let delay = backoff.nextDelay(using: &random)
            #expect(delay >= ceiling / 2 && delay <= ceiling)
        }
        backoff.reset()
        #expect(backoff.nextDelay(using: &random) <= .milliseconds(100))
    }

    @Test("filters: an array of objects, kept as written; anything else refused with a reason")
    func filters() throws {
        let filters = try FilterList(json: Array(##" [ {"kinds":[1059],"#p":["ab"]} , {"limit":1} ] "##.utf8))
        #expect(ClientFrame.request(subscriptionID: "s\"1", filters: filters) == ##"["REQ","s\"1",{"kinds":[1059],"#p":["ab"]},{"limit":1}]"##)
        #expect(throws: TransportInputError(reason: "the filter list is empty; give at least one filter object")) {
            try FilterList(json: Array("[]".utf8))
        }
        #expect(throws: TransportInputError(reason: "filter 2 is not a JSON object")) { try FilterList(json: Array(#"[{},1]"#.utf8)) }
        #expect(throws: TransportInputError.self) { try FilterList(json: Array(#"{"kinds":[1]}"#.utf8)) }
    }

    @Test("an event to publish needs an object with a 64-hex id")
    func eventSummary() throws {
        let id = String(repeating: "0f", count: 32)
        #expect(try EventSummary(json: Array(#"{"kind":1,"id":"\#(id)"}"#.utf8)).id == id)
        #expect(throws: TransportInputError(reason: "the event has no \"id\" string")) { try EventSummary(json: Array("{}".utf8)) }
        #expect(throws: TransportInputError.self) { try EventSummary(json: Array(#"{"id":"ABC"}"#.utf8)) }
        #expect(throws: TransportInputError.self) { try EventSummary(json: Array(#"{"id":"\#(id)"} {}"#.utf8)) }
    }

    @Test("relay URLs: ws or wss with a host")
    func relayURLs() throws {
        #expect(try RelayEndpoint(url: "wss://relay.example.com/path", flags: 3).flags == 3)
        #expect(try RelayEndpoint(url: "WS://127.0.0.1:7000", flags: 0xFF).flags == 3)
        #expect(throws: TransportInputError.self) { try RelayEndpoint(url: "https://relay.example.com", flags: 3) }
        #expect(throws: TransportInputError.self) { try RelayEndpoint(url: "wss:///path", flags: 3) }
        #expect(throws: TransportInputError.self) { try RelayEndpoint(url: "wss://relay example.com", flags: 3) }
    }
}
