import LinkstrHost
import Logging
import Testing

@testable import LinkstrRuntime

/// What the libraries under the runtime log through swift-log (the service group) goes to the
/// host's log, at the host's threshold, with its metadata.
@Suite struct HostLogHandlerTests {
    @Test func writesToTheHostLogAtItsThreshold() {
        let lines = LogLines()
        let log = HostLog(threshold: .debug) { lines.append($0) }
        var logger = Logger(label: "services") { HostLogHandler(log, label: $0) }
        logger[metadataKey: "account"] = "bob"
        logger.trace("not shown")
        logger.debug("Starting service", metadata: ["sl.service": "WatchService"])
        logger.notice("noticed")
        logger.critical("stopped")
        #expect(logger.logLevel == .debug)
        #expect(lines.all == [
            "linkstr: debug: [services] Starting service account=bob sl.service=WatchService",
            "linkstr: info: [services] noticed account=bob",
            "linkstr: error: [services] stopped account=bob",
        ])
    }
}
