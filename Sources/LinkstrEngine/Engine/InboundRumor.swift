import NostrCore

/// Where an ingested rumor came from.
public enum IngestSource: Sendable {
    /// A live subscription: notifications may follow.
    case live
    /// History restored by backfill: never notifies.
    case historical
    /// Our own send, applied after the relays accepted it.
    case own
}

/// A rumor recovered from a verified gift wrap (NostrCore checked the wrap and seal signatures, the
/// seal/rumor pubkey match and the rumor id), with the wrap that carried it.
public struct InboundRumor: Sendable {
    public var rumor: Event
    public var wrapID: WrapID
    public var source: IngestSource

    public init(rumor: Event, wrapID: WrapID, source: IngestSource) {
        self.rumor = rumor
        self.wrapID = wrapID
        self.source = source
    }

    public var id: RumorID { RumorID(rumor.id) }
    public var sender: PublicKey { rumor.pubkey }
    public var stamp: Stamp { Stamp(time: rumor.createdAt, eventID: id) }
}
