import LinkstrEngine
import LinkstrHost
import NostrCore

extension AccountRuntime {
    /// Renames a session. The creator renames it for everyone: a snapshot with the current members
    /// and the new name goes to every member (`LinkstrEngine.renameSession`), through the relays' OK.
    /// A member gives it a label kept on this machine only, shown instead of the creator's name
    /// until cleared (nil), and found by `resolveSession` like a name.
    public func renameSession(_ id: SessionID, to name: String?) async throws(RuntimeError) -> SessionSummary {
        let current = try summary(of: id)
        if current.creator == me {
            guard let name else { throw RuntimeError(.badInput, "you created this session: its name is everyone's; give the new name") }
            _ = try await send { engine, now in try engine.renameSession(id, to: name, now: now) }
            // A label set before (when the name was someone else's) gives way to the shared name.
            try setSessionLabel(nil, for: id)
        } else {
            let label = name?.trimmingCharacters(in: .whitespacesAndNewlines)
            if label?.isEmpty == true { throw RuntimeError(.badInput, "a session needs a name") }
            try setSessionLabel(label, for: id)
        }
        return try summary(of: id)
    }

    /// This account's own session labels, by session.
    func sessionLabels() throws(RuntimeError) -> [SessionID: String] {
        guard let bytes = try withStore({ try store.read(EngineCollection.accountState, key: Array(AccountStateKey.sessionLabels.utf8)) }) else {
            return [:]
        }
        do {
            var reader = try RecordValueReader(bytes)
            var labels: [SessionID: String] = [:]
            for _ in 0..<(try reader.count()) {
                let id = try reader.string()
                let label = try reader.string()
                if let session = SessionID(id) { labels[session] = label }
            }
            return labels
        } catch {
            throw RuntimeError(.storage, "storage: the session labels are damaged (\(error))")
        }
    }

    private func setSessionLabel(_ label: String?, for id: SessionID) throws(RuntimeError) {
        var labels = try sessionLabels()
        guard labels[id] != label else { return }
        labels[id] = label
        var writer = RecordValueWriter(version: 1)
        writer.count(labels.count)
        for (session, text) in labels.sorted(by: { $0.key < $1.key }) {
            writer.string(session.rawValue)
            writer.string(text)
        }
        try withStore { try store.put(EngineCollection.accountState, key: Array(AccountStateKey.sessionLabels.utf8), value: writer.bytes) }
        try commit()
    }
}
