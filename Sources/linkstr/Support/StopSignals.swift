import Dispatch
import Glibc

/// Turns SIGINT and SIGTERM into a call of `onStop` (once), so a long-running command can finish its
/// current write and exit cleanly instead of dying mid-transaction.
///
/// Thread rule: create and cancel from one task; the dispatch sources are only touched then.
final class StopSignals: @unchecked Sendable {
    private let sources: [DispatchSourceSignal]

    init(onStop: @escaping @Sendable () -> Void) {
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: onStop)
            source.resume()
            return source
        }
    }

    func cancel() {
        sources.forEach { $0.cancel() }
    }
}
