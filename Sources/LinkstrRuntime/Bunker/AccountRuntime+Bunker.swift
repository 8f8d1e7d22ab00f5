import Foundation
import LinkstrHost
import NostrCore

/// The bunker's records on the account; ``BunkerRecords`` does the work, on this actor.
extension AccountRuntime {
    public func bunkerClient(_ pubkey: PublicKey) throws(LinkstrError) -> BunkerClient? {
        try BunkerRecords.bunkerClient(pubkey, in: self)
    }

    public func bunkerClients() throws(LinkstrError) -> [BunkerClient] {
        try BunkerRecords.bunkerClients(in: self)
    }

    public func rememberBunkerClient(_ client: BunkerClient) throws(LinkstrError) {
        try BunkerRecords.rememberBunkerClient(client, in: self)
    }

    @discardableResult
    public func forgetBunkerClient(_ pubkey: PublicKey) throws(LinkstrError) -> Bool {
        try BunkerRecords.forgetBunkerClient(pubkey, in: self)
    }

    /// The most entries the bunker's log keeps: the oldest go first.
    public static let bunkerLogCapacity = 10_000

    public func recordBunkerRequest(_ entry: BunkerLogEntry) throws(LinkstrError) {
        try BunkerRecords.recordBunkerRequest(entry, in: self)
    }

    public func rememberBunkerRequest(client: PublicKey, id: String, time: Int64, forgettingBefore since: Int64) throws(LinkstrError) -> Bool {
        try BunkerRecords.rememberBunkerRequest(client: client, id: id, time: time, forgettingBefore: since, in: self)
    }

    public func bunkerLog(limit: Int? = nil) throws(LinkstrError) -> [BunkerLogEntry] {
        try BunkerRecords.bunkerLog(limit: limit, in: self)
    }
}
