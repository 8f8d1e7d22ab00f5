import LinkstrPluginKit
import StrictJSON

/// One relay's entry in `describe`.
struct RelaySnapshot: Sendable {
    var url: String
    var flags: UInt32
    var status: RelayStatus
    var error: String?
    var counters: RelayCounters

    /// `{"url","status","error"?,"read","write","events","malformed_frames","oversized_frames","stale_events"}`
    var json: String {
        var fields = ["\"url\":" + JSONWriter.quoted(url), "\"status\":" + JSONWriter.quoted(status.description)]
        if let error { fields.append("\"error\":" + JSONWriter.quoted(error)) }
        fields.append("\"read\":\(flags & RelayEndpoint.read != 0)")
        fields.append("\"write\":\(flags & RelayEndpoint.write != 0)")
        fields.append("\"events\":\(counters.delivered)")
        fields.append("\"malformed_frames\":\(counters.malformed)")
        fields.append("\"oversized_frames\":\(counters.oversized)")
        fields.append("\"stale_events\":\(counters.stale)")
        return "{" + fields.joined(separator: ",") + "}"
    }
}
