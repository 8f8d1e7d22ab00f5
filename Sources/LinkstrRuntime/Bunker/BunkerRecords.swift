import Foundation
import LinkstrHost
import NostrCore

/// What linkstr's bunker remembers in the account: the approved clients (keyed by a hash of their key)
/// and the log of what it did with the user's key, kept to ``bunkerLogCapacity`` entries.
///
/// Thread rule: runs on the account's actor (`account` is isolated), where its store is touched.
public enum BunkerRecords {
    /// The most entries the bunker's log keeps: the oldest go first.
    public static let bunkerLogCapacity = 10_000

    /// The approved client with this key, if any.
    static func bunkerClient(_ pubkey: PublicKey, in account: isolated AccountRuntime) throws(LinkstrError) -> BunkerClient? {
        guard let bytes = try account.withStore({ try account.store.read(BunkerCollection.client, key: account.cipher.lookupHash(pubkey.rawBytes)) }) else { return nil }
        return try Self.decodeBunkerRecord { () throws(RecordValueError) in try BunkerClient(encoded: bytes) }
    }

    /// Every approved client, the first approved first.
    public static func bunkerClients(in account: isolated AccountRuntime) throws(LinkstrError) -> [BunkerClient] {
        try account.read(StorageQuery(owner: account.me.rawBytes, collection: BunkerCollection.client)).map { record throws(LinkstrError) in
            try Self.decodeBunkerRecord { () throws(RecordValueError) in try BunkerClient(encoded: record.value) }
        }
    }

    /// Approves `client` (or changes what it may do).
    static func rememberBunkerClient(_ client: BunkerClient, in account: isolated AccountRuntime) throws(LinkstrError) {
        try account.withStore {
            try account.store.put(
                BunkerCollection.client, key: account.cipher.lookupHash(client.pubkey.rawBytes), sort: client.approvedAt, value: client.encodedRecord())
        }
        try account.commit()
    }

    /// The client key a person typed to name an approved client: its npub, or its hex key in any case.
    public static func clientKey(_ text: String) throws(LinkstrError) -> PublicKey {
        guard let key = (try? PublicKey(npub: text)) ?? (try? PublicKey(hex: text.lowercased())) else {
            throw LinkstrError(.badInput, "'\(text)' is not a client key; use the npub or hex key that `linkstr signer clients` shows")
        }
        return key
    }

    /// Forgets an approved client: it must connect again with a bunker link's secret.
    /// - Returns: whether it was approved.
    @discardableResult
    public static func forgetBunkerClient(_ pubkey: PublicKey, in account: isolated AccountRuntime) throws(LinkstrError) -> Bool {
        guard try bunkerClient(pubkey, in: account) != nil else { return false }
        account.store.deleteRecord(BunkerCollection.client, key: account.cipher.lookupHash(pubkey.rawBytes))
        try account.commit()
        return true
    }

    /// Adds `entry` to the bunker's log; past ``bunkerLogCapacity`` entries the oldest are dropped
    /// (looked at on the first entry and every 100th after it, so that a request does not read the
    /// whole log: the log holds at most 99 entries more).
    public static func recordBunkerRequest(_ entry: BunkerLogEntry, in account: isolated AccountRuntime) throws(LinkstrError) {
        // Sorted by the microsecond it was recorded, so that the requests of one second keep their order.
        let order = Int64(Date().timeIntervalSince1970 * 1_000_000)
        let key = withUnsafeBytes(of: order.bigEndian) { Array($0) } + (0..<8).map { _ in UInt8.random(in: .min ... .max) }
        try account.withStore { try account.store.put(BunkerCollection.log, key: key, sort: order, value: entry.encodedRecord()) }
        if account.bunkerLogWrites % 100 == 0 { try dropOldBunkerLogEntries(in: account) }
        account.bunkerLogWrites += 1
        try account.commit()
    }

    private static func dropOldBunkerLogEntries(in account: isolated AccountRuntime) throws(LinkstrError) {
        let kept = try account.read(StorageQuery(owner: account.me.rawBytes, collection: BunkerCollection.log, descending: true, limit: Self.bunkerLogCapacity))
        guard kept.count == Self.bunkerLogCapacity, let oldestKept = kept.last else { return }
        for old in try account.read(StorageQuery(owner: account.me.rawBytes, collection: BunkerCollection.log, sortRange: .min ... oldestKept.sort - 1)) {
            account.store.deleteRecord(BunkerCollection.log, key: old.key)
        }
    }

    /// Remembers that `client` sent the request `id` (created at `time`), and forgets those created
    /// before `since`. Returns false when it was remembered already: a replay.
    public static func rememberBunkerRequest(client: PublicKey, id: String, time: Int64, forgettingBefore since: Int64, in account: isolated AccountRuntime) throws(LinkstrError) -> Bool {
        let key = account.cipher.lookupHash(client.rawBytes + Array(id.utf8))
        guard try account.withStore({ try account.store.read(BunkerCollection.request, key: key) }) == nil else { return false }
        for old in try account.read(StorageQuery(owner: account.me.rawBytes, collection: BunkerCollection.request, sortRange: .min ... since - 1)) {
            account.store.deleteRecord(BunkerCollection.request, key: old.key)
        }
        try account.transaction { try account.store.put(BunkerCollection.request, key: key, sort: time, value: []) }
        return true
    }

    /// The bunker's log, oldest first (the last `limit` entries when given).
    public static func bunkerLog(limit: Int? = nil, in account: isolated AccountRuntime) throws(LinkstrError) -> [BunkerLogEntry] {
        let records = try account.read(StorageQuery(owner: account.me.rawBytes, collection: BunkerCollection.log, descending: true, limit: limit))
        return try records.reversed().map { record throws(LinkstrError) in
            try Self.decodeBunkerRecord { () throws(RecordValueError) in try BunkerLogEntry(encoded: record.value) }
        }
    }

    private static func decodeBunkerRecord<Value>(_ decode: () throws(RecordValueError) -> Value) throws(LinkstrError) -> Value {
        do {
            return try decode()
        } catch {
            throw LinkstrError(.storage, "storage: a record of the bunker is damaged (\(error))")
        }
    }
}
