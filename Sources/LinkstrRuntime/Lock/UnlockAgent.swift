import Foundation
import NostrCore

/// What the unlock agent holds and decides, apart from its socket: the unlocked profiles' keys (in
/// ``LockedMemory``, never on disk), the auto-lock after `auto_lock_minutes` without use, and the
/// subscribers told of each change. Its clock is given, so a test drives the auto-lock.
///
/// Thread rule: thread-safe; every call takes the agent's lock. Subscribers are told on the thread
/// that made the change, under the lock: keep `send` short (a socket write).
public final class UnlockAgent: @unchecked Sendable {
    private let clock: @Sendable () -> Date
    private let lock = NSLock()
    private let memory = LockedMemory()
    /// Profile id → slot name → where its key is in `memory`.
    private var keys: [String: [String: Range<Int>]] = [:]
    private var autoLock: TimeInterval?
    private var lastUse = Date.distantPast
    /// When the agent last locked itself, until the next unlock or lock.
    private var autoLockedAt: Date?
    private var subscribers: [UUID: @Sendable (UnlockAgentMessage) -> Bool] = [:]

    public init(clock: @escaping @Sendable () -> Date = { Date() }) {
        self.clock = clock
    }

    /// The reply to a request other than `subscribe`.
    public func answer(_ request: UnlockAgentMessage) -> UnlockAgentMessage {
        lock.lock()
        defer { lock.unlock() }
        switch request.op {
        case .status, .subscribe:
            return status()
        case .unlock:
            return unlock(request.profiles ?? [], autoLockMinutes: request.autoLockMinutes ?? 0)
        case .key:
            return key(of: request.profile ?? "")
        case .lock:
            lockAll(auto: false)
            return status()
        case nil:
            return Self.failure("a request needs an op: status, unlock, key, lock or subscribe")
        }
    }

    /// Registers `send` for every later change (until it returns false) and returns the status.
    public func subscribe(_ send: @escaping @Sendable (UnlockAgentMessage) -> Bool) -> (id: UUID, reply: UnlockAgentMessage) {
        lock.lock()
        defer { lock.unlock() }
        let id = UUID()
        subscribers[id] = send
        return (id, status())
    }

    public func unsubscribe(_ id: UUID) {
        lock.lock()
        defer { lock.unlock() }
        subscribers[id] = nil
    }

    /// Locks when the auto-lock is due; the server calls it every second.
    public func tick() {
        lock.lock()
        defer { lock.unlock() }
        guard !keys.isEmpty, let autoLock, clock().timeIntervalSince(lastUse) >= autoLock else { return }
        lockAll(auto: true)
    }

    /// Whether any profile is unlocked.
    public var isUnlocked: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !keys.isEmpty
    }

    private func unlock(_ profiles: [UnlockedProfileKeys], autoLockMinutes: Int) -> UnlockAgentMessage {
        var parsed: [(id: String, slot: String, bytes: [UInt8])] = []
        for profile in profiles {
            for (slot, nsec) in profile.keys {
                guard let key = try? SecretKey(nsec: nsec) else { return Self.failure("the key of slot '\(slot)' of profile \(profile.id) is not an nsec") }
                parsed.append((profile.id, slot, key.exportBytes()))
            }
        }
        guard !parsed.isEmpty else { return Self.failure("unlock needs at least one profile's keys") }
        keys = [:]
        memory.wipe()
        for (id, slot, bytes) in parsed {
            guard let range = memory.append(bytes) else { return Self.failure("too many keys for the agent's locked memory") }
            keys[id, default: [:]][slot] = range
        }
        autoLock = autoLockMinutes > 0 ? TimeInterval(autoLockMinutes) * 60 : nil
        lastUse = clock()
        autoLockedAt = nil
        let reply = status()
        tell(UnlockAgentMessage.event(.unlocked, unlocked: reply.unlocked ?? []))
        return reply
    }

    private func key(of profile: String) -> UnlockAgentMessage {
        guard let slots = keys[profile] else { return Self.failure(UnlockAgentMessage.lockedError) }
        var found: [String: String] = [:]
        for (slot, range) in slots {
            guard let key = try? SecretKey(bytes: memory.bytes(range)) else { return Self.failure("the agent's copy of a key is damaged") }
            found[slot] = key.nsec
        }
        lastUse = clock()
        var reply = status()
        reply.keys = found
        return reply
    }

    /// Drops every key. The auto-lock tells `auto_locked`; `lock` always tells `locked`, also when
    /// the agent had locked itself before, since a process may still hold a key it took.
    private func lockAll(auto: Bool) {
        keys = [:]
        memory.wipe()
        autoLockedAt = auto ? clock() : nil
        tell(UnlockAgentMessage.event(auto ? .autoLocked : .locked, unlocked: []))
    }

    private func status() -> UnlockAgentMessage {
        var reply = UnlockAgentMessage()
        reply.ok = true
        reply.unlocked = keys.keys.sorted()
        if !keys.isEmpty, let autoLock { reply.until = Int64(lastUse.addingTimeInterval(autoLock).timeIntervalSince1970) }
        reply.autoLockedAt = autoLockedAt.map { Int64($0.timeIntervalSince1970) }
        reply.pid = getpid()
        return reply
    }

    private func tell(_ event: UnlockAgentMessage) {
        for (id, send) in subscribers where !send(event) {
            subscribers[id] = nil
        }
    }

    static func failure(_ message: String) -> UnlockAgentMessage {
        var reply = UnlockAgentMessage()
        reply.ok = false
        reply.error = message
        return reply
    }
}
