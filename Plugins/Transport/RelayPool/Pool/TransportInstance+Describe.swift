extension TransportInstance {
    /// `[{"url","status","error"?,"read","write","events","malformed_frames","oversized_frames","stale_events"}]`
    /// in the order of the relay list.
    func describe() -> String {
        let snapshots = state.withLock { $0.relays.map(\.snapshot) }
        return "[" + snapshots.map(\.json).joined(separator: ",") + "]"
    }
}
