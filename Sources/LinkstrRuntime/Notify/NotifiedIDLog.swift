import Foundation
import Glibc
import Synchronization

/// The ids of the notifications already sent, kept in a file (`<state>/notified.ids`, one id per line)
/// so that each event notifies at most once — also after linkstr restarts, where the iPhone app
/// repeats reaction notifications.
///
/// An id is written and fsync'd *before* the notification goes out: a crash in between loses that
/// notification rather than repeating it. The file keeps the newest `capacity` ids; it is rewritten
/// (to a temporary file, fsync'd, renamed) when it has grown to twice that.
///
/// Thread rule: thread-safe. One process at a time should use a state folder.
final class NotifiedIDLog: Sendable {
    let path: String
    let capacity: Int
    private let state: Mutex<State>

    private struct State {
        var ids: Set<String> = []
        var order: [String] = []
        var linesInFile = 0
    }

    /// Reads the file if there is one; a missing or unreadable file starts an empty log (an unwritable
    /// one then fails in `insert`, which the caller logs).
    init(path: String, capacity: Int = 10_000) {
        self.path = path
        self.capacity = capacity
        var initial = State()
        if let text = try? String(contentsOfFile: path, encoding: .utf8) {
            let lines = text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
            initial.linesInFile = lines.count
            for id in lines.suffix(capacity) where initial.ids.insert(id).inserted {
                initial.order.append(id)
            }
        }
        state = Mutex(initial)
    }

    /// Records `id`. Returns false when it was recorded before.
    ///
    /// - Throws: when the id cannot be stored durably (it still counts as recorded for this process).
    func insert(_ id: String) throws(NotifiedIDLogError) -> Bool {
        guard !id.isEmpty, !id.contains(where: \.isNewline) else {
            throw NotifiedIDLogError(path: path, reason: "the notification id '\(id)' is empty or spans lines")
        }
        return try state.withLock { state throws(NotifiedIDLogError) -> Bool in
            guard state.ids.insert(id).inserted else { return false }
            state.order.append(id)
            if state.order.count > capacity {
                state.ids.remove(state.order.removeFirst())
            }
            if state.linesInFile + 1 > 2 * capacity {
                try rewrite(state.order)
                state.linesInFile = state.order.count
            } else {
                try append(id)
                state.linesInFile += 1
            }
            return true
        }
    }

    private func append(_ id: String) throws(NotifiedIDLogError) {
        try writing { () throws(PrivateFile.Failure) in
            try PrivateFile.makeFolder((path as NSString).deletingLastPathComponent)
            let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw PrivateFile.Failure(description: "cannot open: \(String(cString: strerror(errno)))") }
            defer { close(descriptor) }
            try PrivateFile.write(Array((id + "\n").utf8), to: descriptor, path: path)
            guard fsync(descriptor) == 0 else { throw PrivateFile.Failure(description: "cannot flush: \(String(cString: strerror(errno)))") }
        }
    }

    private func rewrite(_ ids: [String]) throws(NotifiedIDLogError) {
        try writing { () throws(PrivateFile.Failure) in try PrivateFile.replace(path, with: Array(ids.map { $0 + "\n" }.joined().utf8)) }
    }

    private func writing(_ body: () throws(PrivateFile.Failure) -> Void) throws(NotifiedIDLogError) {
        do {
            try body()
        } catch {
            throw NotifiedIDLogError(path: path, reason: error.description)
        }
    }
}

/// The log of sent notifications could not be written.
struct NotifiedIDLogError: Error, Equatable, Sendable, CustomStringConvertible {
    var path: String
    var reason: String

    var description: String { "\(path): \(reason)" }
}
