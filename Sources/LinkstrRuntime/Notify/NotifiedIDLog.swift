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
        try ensureFolder()
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("cannot open") }
        defer { close(descriptor) }
        try write(Array((id + "\n").utf8), to: descriptor)
        guard fsync(descriptor) == 0 else { throw failure("cannot flush") }
    }

    private func rewrite(_ ids: [String]) throws(NotifiedIDLogError) {
        try ensureFolder()
        let temporary = path + ".tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("cannot create \(temporary)") }
        do throws(NotifiedIDLogError) {
            try write(Array(ids.map { $0 + "\n" }.joined().utf8), to: descriptor)
            guard fsync(descriptor) == 0 else { throw failure("cannot flush \(temporary)") }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else { throw failure("cannot replace it with \(temporary)") }
        let folder = open((path as NSString).deletingLastPathComponent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)  // makes the rename durable
            close(folder)
        }
    }

    private func write(_ bytes: [UInt8], to descriptor: Int32) throws(NotifiedIDLogError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure("cannot write")
            }
            offset += written
        }
    }

    private func ensureFolder() throws(NotifiedIDLogError) {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw NotifiedIDLogError(path: folder, reason: "cannot create the folder: \(error.localizedDescription)")
        }
    }

    private func failure(_ what: String) -> NotifiedIDLogError {
        NotifiedIDLogError(path: path, reason: "\(what): \(String(cString: strerror(errno)))")
    }
}
