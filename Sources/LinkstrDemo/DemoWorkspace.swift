import Dispatch
import Foundation
import Glibc
import Synchronization

/// What the demo creates and must remove: a private temporary folder (mode 0700, under `$TMPDIR`
/// or /tmp) holding both homes and the relay script, and the programs it started. `cleanUp()` stops
/// every program and removes the folder; it runs at the end, on failure, and on SIGINT/SIGTERM/SIGHUP
/// (then the demo exits 130/143/129). A SIGKILLed demo cannot clean up, but its relay still exits:
/// it watches its stdin, which closes with the demo.
///
/// Thread rule: any thread; the state is behind a mutex. `cleanUp` runs at most once.
final class DemoWorkspace: Sendable {
    let root: String

    private struct State {
        var programs: [ChildProgram] = []
        var cleaned = false
        var interrupted = false
    }

    private let state = Mutex(State())
    /// Held for the whole clean-up, so a second caller waits until the first one is done.
    private let cleaning = Mutex(())
    private let signalSources: Mutex<[DispatchSourceSignal]> = Mutex([])

    init(environment: [String: String]) throws(DemoFailure) {
        let base = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/linkstr-demo-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw DemoFailure("cannot create a temporary folder in \(base): \(String(cString: strerror(errno)))")
        }
        root = String(cString: made)
        chmod(root, 0o700)
    }

    /// A new private folder inside the workspace.
    func folder(_ name: String) throws(DemoFailure) -> String {
        let path = root + "/" + name
        guard mkdir(path, 0o700) == 0 else { throw DemoFailure("cannot create \(path): \(String(cString: strerror(errno)))") }
        return path
    }

    /// Remembers a program to stop at clean-up (stopped at once when clean-up already ran).
    func adopt(_ program: ChildProgram) {
        let late = state.withLock { state in
            if state.cleaned { return true }
            state.programs.append(program)
            return false
        }
        if late { program.stop(grace: .zero) }
    }

    /// Cleans up and exits on SIGINT (130), SIGTERM (143) and SIGHUP (129).
    func cleanUpOnSignals(announce: @escaping @Sendable (String) -> Void) {
        signalSources.withLock { sources in
            sources = [SIGINT, SIGTERM, SIGHUP].map { number in
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { [self] in
                    state.withLock { $0.interrupted = true }
                    announce(number == SIGINT ? "interrupted" : "stopped by signal \(number)")
                    cleanUp()
                    exit(128 + number)
                }
                source.resume()
                return source
            }
        }
    }

    /// Whether a signal stopped the demo (its handler cleans up and exits).
    var interrupted: Bool { state.withLock { $0.interrupted } }

    /// Stops every program (newest first), removes the folder; true when nothing is left of it. A
    /// second call waits for the first to finish.
    @discardableResult
    func cleanUp() -> Bool {
        cleaning.withLock { _ in
            let programs: [ChildProgram] = state.withLock { state in
                if state.cleaned { return [] }
                state.cleaned = true
                return state.programs.reversed()
            }
            for program in programs { program.stop(grace: .seconds(2)) }
            try? FileManager.default.removeItem(atPath: root)
            return !FileManager.default.fileExists(atPath: root)
        }
    }

    /// Restores the default signal actions once the demo is over.
    func stopWatchingSignals() {
        signalSources.withLock { sources in
            sources.forEach { $0.cancel() }
            sources.removeAll()
        }
        for number in [SIGINT, SIGTERM, SIGHUP] { signal(number, SIG_DFL) }
    }
}
