// Outbox/: the send path, from an engine command to the relays' answers. Read in this order:
//   AccountRuntime+Send (this file): an engine command's gift wraps, applied and stored once confirmed
//   AccountRuntime+SendGate: a writable relay first (12 s), then every wrap's OK (8 s each)
//   RelayPool+Publishing (PublishWaiter, PublishResult, PublishError, RelayAnswer): one publish
//   AccountRuntime+PacedPublishing: many events at the pace relays accept (saved-link sync)
//   AccountRuntime+RelayOutcome (RelayOutcome): what each relay answered, kept for `relay list`

import LinkstrEngine
import LinkstrHost
import NostrCore

extension AccountRuntime {
    /// Gift-wraps `message` for every recipient (the sender included), publishes every wrap and,
    /// once each has a relay's OK, applies it locally and stores it. A failed send changes nothing.
    @discardableResult
    func send(_ message: OutboundMessage) async throws(RuntimeError) -> IngestReport {
        let pool = try await writablePool()
        let rumor = message.rumor
        let unsigned = UnsignedEvent(pubkey: rumor.pubkey, createdAt: rumor.createdAt, kind: rumor.kind, tags: rumor.tags, content: rumor.content)
        let wraps: [GiftWrapOutput]
        do {
            wraps = try GiftWrap.giftWrap(rumor: unsigned, sender: signer, recipients: message.recipients, now: clock())
        } catch {
            throw RuntimeError(.failed, "cannot gift-wrap the message: \(error)")
        }
        try await publishAll(wraps.map(\.event), on: pool)
        let report = try withStore { try engine.confirm(message, wraps: wraps.map { ($0.id, $0.oneTimeKey.secretKey) }, now: clock()) }
        // Our own copies come back from the relays: known, not news.
        for wrap in wraps { store.markWrapSeen(wrap.id) }
        try commit()
        return report
    }

    /// Runs an engine command and sends what it builds.
    func send(_ build: (LinkstrEngine, Int64) throws -> OutboundMessage) async throws(RuntimeError) -> OutboundMessage {
        let message = try withStore { try build(engine, clock()) }
        try await send(message)
        return message
    }
}
