import Foundation
import LinkstrHost
import NostrCore

/// What `watch` does while its profile is locked: it stays subscribed to the profile's gift wraps
/// (no key is needed to receive them) and keeps each new one in memory, unopened and not marked
/// seen, until the unlock agent says the profile is unlocked. The wraps are then handed to the
/// unlocked runtime's watch, which opens, stores and notifies them as live; what the relays had
/// before comes with its backfill, so nothing is lost.
///
/// Anyone can send wraps to a public key, so what it keeps is bounded (`[profiles]
/// locked_inbox_wraps` and `locked_inbox_bytes`): once full it keeps nothing more. What it
/// leaves is not marked seen either: the relays keep it, and the backfill at unlock brings it.
///
/// Thread rule: `collect` once; it runs until the profile is unlocked or the task is cancelled.
public struct LockedInbox: Sendable {
    public let host: LinkstrHost
    public let relays: RelaySettings
    public let profile: HomeProfile
    public let agent: UnlockAgentClient
    /// The most wraps it keeps, and the most bytes of them.
    public let limit: (wraps: Int, bytes: Int)

    /// - Parameters:
    ///   - host: the host with its plugins loaded (for the transport).
    ///   - relays: the home's relay list.
    ///   - settings: the runtime's settings (the limits are `[profiles]`'s).
    public init(host: LinkstrHost, relays: RelaySettings, settings: RuntimeSettings, profile: HomeProfile, accounts: AccountManager) {
        self.host = host
        self.relays = relays
        self.profile = profile
        agent = accounts.agent
        limit = (settings.profiles.lockedInboxWraps, settings.profiles.lockedInboxBytes)
    }

    /// The new wraps received until the agent unlocks the profile, in arrival order.
    /// - Parameters:
    ///   - listening: called once the first relay has sent what it had stored (EOSE): what is
    ///     published from then on is kept.
    ///   - received: called with the number of wraps kept so far, after each new one.
    ///   - full: called once, when the first wrap is left to the backfill (the limit is reached).
    /// - Throws: when no relay can be subscribed to, or the agent goes away.
    public func collect(
        listening: @escaping @Sendable () async -> Void = {}, received: @escaping @Sendable (Int) -> Void = { _ in },
        full: @escaping @Sendable () async -> Void = {}
    ) async throws(LinkstrError) -> [VerifiedEvent] {
        guard let me = try? PublicKey(hex: profile.account.pubkey) else {
            throw LinkstrError(.failed, "profile '\(profile.name)' has an invalid public key")
        }
        let pool = try subscribedPool()
        defer { try? pool.setRelays([]) }
        let stream: SubscriptionStream
        do {
            stream = try pool.subscribeGiftWraps(to: me, now: Int64(Date().timeIntervalSince1970))
        } catch {
            throw LinkstrError(.failed, "cannot subscribe to gift wraps: \(error)")
        }
        let limit = self.limit
        let kept = Task {
            var wraps: [VerifiedEvent] = []
            var bytes = 0
            var caughtUp = false
            var left = false
            for await message in stream {
                switch message {
                case .event(let event) where event.isNew:
                    let size = Self.size(of: event.verified.event)
                    guard wraps.count < limit.wraps, bytes + size <= limit.bytes else {
                        if !left { await full() }
                        left = true
                        continue
                    }
                    wraps.append(event.verified)
                    bytes += size
                    received(wraps.count)
                case .endOfStoredEvents where !caughtUp:
                    caughtUp = true
                    await listening()
                default:
                    break
                }
            }
            return wraps
        }
        let unlocked = await waitForUnlock()
        pool.unsubscribe(RelayClient.LinkstrSubscription.giftWraps)
        let wraps = await kept.value
        guard unlocked else { throw LinkstrError(.failed, "the unlock agent went away while profile '\(profile.name)' was locked") }
        return wraps
    }

    /// About what `event` takes in memory: its text and a fixed part for its ids, key and signature.
    private static func size(of event: Event) -> Int {
        event.content.utf8.count + event.tags.reduce(0) { $0 + $1.reduce(0) { $0 + $1.utf8.count + 16 } } + 256
    }

    private func subscribedPool() throws(LinkstrError) -> RelayClient {
        let enabled: [RelayEntry]
        do {
            enabled = try relays.enabled()
        } catch {
            throw LinkstrError(storage: error)
        }
        do throws(RelayClientError) {
            return try host.relayClient(relays: enabled.map(\.url), authenticating: .nobody)
        } catch {
            throw LinkstrError(.failed, "cannot connect to the relays while locked: \(error)")
        }
    }

    /// Waits (on a thread of its own: the subscription blocks) until the agent says the profile
    /// is unlocked (true) or goes away (false).
    private func waitForUnlock() async -> Bool {
        let id = profile.id.rawValue
        let agent = self.agent
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var unlocked = false
                _ = agent.subscribe { message in
                    unlocked = message.unlocked?.contains(id) == true
                    return !unlocked
                }
                continuation.resume(returning: unlocked)
            }
        }
    }
}
