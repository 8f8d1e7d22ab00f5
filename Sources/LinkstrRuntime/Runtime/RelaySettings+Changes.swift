extension RelaySettings {
    /// The relay list each time what it shows changes — a status, an error, a relay added, removed,
    /// disabled — whichever process of the home stored it, looked at every `interval`. It ends when
    /// its consumer stops reading it (or the task reading it is cancelled).
    public func changes(every interval: Duration = .seconds(1)) -> AsyncStream<[RelayEntry]> {
        let (stream, continuation) = AsyncStream.makeStream(of: [RelayEntry].self, bufferingPolicy: .bufferingNewest(1))
        let looking = Task {
            // A list that cannot be read now (the storage is busy) is looked at again next time.
            var last = try? list()
            while (try? await Task.sleep(for: interval)) != nil {
                guard let now = try? list(), now != last else { continue }
                last = now
                continuation.yield(now)
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in looking.cancel() }
        return stream
    }
}
