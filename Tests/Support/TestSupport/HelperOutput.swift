import Foundation
import Synchronization

/// What a helper process printed so far: its stdout lines and its stderr text. Thread-safe.
public final class HelperOutput: Sendable {
    private let lines = Mutex<[String]>([])
    private let pending = Mutex<String>("")
    private let errors = Mutex<String>("")

    public var stdoutLines: [String] { lines.withLock { $0 } }
    public var stderr: String { errors.withLock { $0 } }

    /// Reads `stdout` and `stderr` on threads of their own until they close.
    public func collect(stdout: FileHandle, stderr: FileHandle) {
        Thread.detachNewThread { [self] in
            while case let data = stdout.availableData, !data.isEmpty {
                let complete = pending.withLock { pending -> [String] in
                    pending += String(decoding: data, as: UTF8.self)
                    var parts = pending.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                    pending = parts.removeLast()
                    return parts
                }
                lines.withLock { $0.append(contentsOf: complete) }
            }
        }
        Thread.detachNewThread { [self] in
            while case let data = stderr.availableData, !data.isEmpty {
                errors.withLock { $0 += String(decoding: data, as: UTF8.self) }
            }
        }
    }
}
