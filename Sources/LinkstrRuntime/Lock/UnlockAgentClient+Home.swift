import CHostSupport
import Foundation
import Glibc

/// What a home asks of its unlock agent: whether it holds a profile's keys, when it locks, and
/// starting it.
extension UnlockAgentClient {
    /// Whether the unlock agent holds the keys of `profile`; nil when no agent answers, or what
    /// answers is not this user's own (reading the keys then says why).
    func holds(_ profile: HomeProfile) -> Bool? {
        (try? request(UnlockAgentMessage(.status))).map { ($0.unlocked ?? []).contains(profile.id.rawValue) }
    }

    /// Calls `onAutoLock` each time the unlock agent locks itself (auto-lock), and `onLock` when it
    /// is locked with `linkstr lock`, then stops listening; on a thread of its own. Returns at once.
    func whenLocked(onAutoLock: (@Sendable () -> Void)?, _ onLock: @escaping @Sendable () -> Void) {
        let agent = self
        Thread.detachNewThread {
            var locked = false
            _ = agent.subscribe { message in
                if message.event == .autoLocked { onAutoLock?() }
                locked = message.event == .locked
                return !locked
            }
            if locked { onLock() }
        }
    }

    /// When the unlock agent last locked itself, until the next `unlock` or `lock`; nil when it did
    /// not, or no agent answers.
    func autoLockedAt() -> Date? {
        (try? request(UnlockAgentMessage(.status)))?.autoLockedAt.map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }

    /// Starts the agent with `command` unless one answers, and waits (up to 5 s) until it does.
    func start(_ command: [String]) throws(LinkstrError) {
        guard try request(UnlockAgentMessage(.status)) == nil else { return }
        guard let program = command.first else { throw LinkstrError(.failed, "no unlock agent runs and there is no command to start one") }
        var arguments = command.map { strdup($0) } + [nil]
        defer { for argument in arguments { free(argument) } }
        guard linkstr_spawn_detached(program, &arguments) > 0 else {
            throw LinkstrError(.failed, "cannot start the unlock agent (\(program)): \(String(cString: strerror(errno)))")
        }
        for _ in 0..<100 {
            if try request(UnlockAgentMessage(.status)) != nil { return }
            usleep(50_000)
        }
        throw LinkstrError(.failed, "the unlock agent did not start listening on \(address.socketPath) within 5 s")
    }
}
