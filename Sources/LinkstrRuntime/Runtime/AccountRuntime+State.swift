import LinkstrEngine
import LinkstrHost

/// Small settings of the account kept in its records (the sync watermark, a restore in progress).
extension AccountRuntime {
    func stateInt64(_ name: String) throws(LinkstrError) -> Int64? {
        guard let value = try withStore({ try store.read(EngineCollection.accountState, key: Array(name.utf8)) }) else { return nil }
        do {
            var reader = try RecordValueReader(value)
            return try reader.int64()
        } catch {
            throw LinkstrError(.storage, "storage: the account setting '\(name)' is damaged (\(error))")
        }
    }

    func setState(_ name: String, int64 value: Int64) throws(LinkstrError) {
        var writer = RecordValueWriter(version: 1)
        writer.int64(value)
        try withStore { try store.put(EngineCollection.accountState, key: Array(name.utf8), value: writer.bytes) }
    }
}
