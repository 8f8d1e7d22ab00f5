import Foundation
import LinkstrHost
import Synchronization

/// The lines a child process writes to a pipe, read on a thread of their own so that the reader can
/// wait for the next one with a time limit.
///
/// Thread rule: `next` from one thread.
final class LineReader: Sendable {
    enum Event {
        case line(String)
        case timedOut
        case ended
    }

    private let state = Mutex<(lines: [String], ended: Bool)>(([], false))
    private let arrived = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            var pending = Data()
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                pending.append(data)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending.removeSubrange(pending.startIndex...newline)
                    state.withLock { $0.lines.append(line) }
                    arrived.signal()
                }
            }
            state.withLock { $0.ended = true }
            arrived.signal()
        }
    }

    /// The next line; `.timedOut` when none came within `timeout`, `.ended` once the pipe closed and
    /// every line was read.
    func next(within timeout: Duration) -> Event {
        while true {
            let event = state.withLock { state -> Event? in
                if !state.lines.isEmpty { return .line(state.lines.removeFirst()) }
                return state.ended ? .ended : nil
            }
            if let event { return event }
            if arrived.wait(timeout: .now() + timeout.dispatchInterval) == .timedOut { return .timedOut }
        }
    }
}
