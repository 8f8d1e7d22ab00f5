import Foundation
import LinkstrHost
import NostrCore

/// The bunker's records on the account; ``BunkerRecords`` does the work, on this actor.
extension AccountRuntime {
    public func bunkerClient(_ pubkey: PublicKey) throws(RuntimeError) -> BunkerClient? {
        try BunkerRecords.bunkerClient(pubkey, in: self)
    }

    public func bunkerClients() throws(RuntimeError) -> [BunkerClient] {
        try BunkerRecords.bunkerClients(in: self)
    }

    public func rememberBunkerClient(_ client: BunkerClient) throws(RuntimeError) {
        try BunkerRecords.rememberBunkerClient(client, in: self)
    }

    @discardableResult
    public func forgetBunkerClient(_ pubkey: PublicKey) throws(RuntimeError) -> Bool {
        try BunkerRecords.forgetBunkerClient(pubkey, in: self)
    }

    /// The most entries the bunker's log keeps: the oldest go first.
    public static let bunkerLogCapacity = 10_000

    public func recordBunkerRequest(_ entry: BunkerLogEntry) throws(RuntimeError) {
        try BunkerRecords.recordBunkerRequest(entry, in: self)
    }

    public func rememberBunkerRequest(client: PublicKey, id: String, time: Int64, forgettingBefore since: Int64) throws(RuntimeError) -> Bool {
        try BunkerRecords.rememberBunkerRequest(client: client, id: id, time: time, forgettingBefore: since, in: self)
    }

    public func bunkerLog(limit: Int? = nil) throws(RuntimeError) -> [BunkerLogEntry] {
        try BunkerRecords.bunkerLog(limit: limit, in: self)
    }
}
