import Foundation

/// Reads what a child writes on its pipes, on a thread of its own (every pipe at once, so a full
/// pipe cannot block the child), until each pipe reaches end of file — or until a deadline set once
/// the child exited: a process the child started in the background inherits the pipes and may keep
/// them open long after, and must not hold the test.
final class PipeCollector: @unchecked Sendable {
    private let readEnds: [FileHandle]
    private let descriptors: [Int32]
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var outputs: [Data]
    /// Guarded by `lock`: when reading stops even if a pipe is still open.
    private var deadline: Date?
    /// Guarded by `lock`: every pipe reached its end.
    private var isComplete = false
    private let finished = DispatchSemaphore(value: 0)

    /// Starts reading the read ends of `pipes`.
    init(_ pipes: [Pipe]) {
        readEnds = pipes.map(\.fileHandleForReading)
        descriptors = readEnds.map(\.fileDescriptor)
        outputs = Array(repeating: Data(), count: pipes.count)
        Thread.detachNewThread { [self] in
            readUntilClosed()
            // Closed here, once read: the `Process` keeps its pipes alive, so they would stay open.
            for readEnd in readEnds { try? readEnd.close() }
            finished.signal()
        }
    }

    /// Waits until every pipe is at end of file, or `drain` seconds at most from now; returns what
    /// was read from each pipe and whether every pipe reached its end.
    func collect(drain: Double) -> (outputs: [Data], complete: Bool) {
        lock.withLock { deadline = Date().addingTimeInterval(drain) }
        finished.wait()
        return lock.withLock { (outputs, isComplete) }
    }

    private func readUntilClosed() {
        var open = Set(descriptors.indices)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !open.isEmpty {
            if let deadline = lock.withLock({ deadline }), Date() >= deadline { return }
            var polled = descriptors.indices.map { index in
                pollfd(fd: open.contains(index) ? descriptors[index] : -1, events: Int16(POLLIN), revents: 0)
            }
            guard poll(&polled, nfds_t(polled.count), 50) >= 0 || errno == EINTR else { return }
            for index in open where polled[index].revents != 0 {
                let count = read(descriptors[index], &buffer, buffer.count)
                if count > 0 {
                    lock.withLock { outputs[index].append(contentsOf: buffer[..<count]) }
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    open.remove(index)
                }
            }
        }
        lock.withLock { isComplete = true }
    }
}
