import ArgumentParser
import Foundation
import Glibc
import LinkstrRuntime

struct AgentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "agent", abstract: "Run the unlock agent of this home (`linkstr unlock` starts it).",
        discussion: """
            Listens on a Unix socket in $XDG_RUNTIME_DIR/linkstr (else in the home's own data \
            folder, DATA/agent), folder 0700 and socket 0600, and answers only processes of the \
            same user; commands talk to it only once its folder, its socket and the process \
            listening are checked to be the user's own. It holds the keys \
            `linkstr unlock` hands it in locked memory, never on disk, and forgets them on \
            `linkstr lock` or after [profiles] auto_lock_minutes without use. It ends when the \
            home's data folder or its socket is gone (the runtime folder goes at logout), and on
            SIGTERM, SIGINT or SIGHUP; either way it removes its socket first.

            Example:
              linkstr agent --home ~/linkstr &
            """)

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let accounts = try global.accounts()
        // The signals are caught before the socket exists, so one that comes while the agent starts
        // (a caller that saw the socket appear) is not lost between "ignore" and "catch".
        let started = StartedServer()
        let stops = [SIGTERM, SIGINT, SIGHUP].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number)
            source.setEventHandler { started.stop() }
            source.resume()
            return source
        }
        defer { stops.forEach { $0.cancel() } }
        let server: UnlockAgentServer
        do {
            server = try UnlockAgentServer(address: accounts.agentAddress, agent: UnlockAgent())
        } catch {
            throw error.failure
        }
        guard started.set(server) else {
            server.stop()
            return
        }
        let dataDirectory = accounts.dataDirectory
        Thread.detachNewThread {
            while true {
                sleep(1)
                server.agent.tick()
                guard FileManager.default.fileExists(atPath: dataDirectory), server.socketIsInPlace else {
                    server.stop()
                    return
                }
            }
        }
        // Stopped by a signal, it removes its socket (as when it ends by itself) before exiting.
        server.run()
    }

    /// The server once it listens, and whether a signal asked to stop before it did.
    private final class StartedServer: @unchecked Sendable {
        private let lock = NSLock()
        private var server: UnlockAgentServer?
        private var stopped = false

        /// Keeps `server`; false when a signal came first (then it must not run).
        func set(_ server: UnlockAgentServer) -> Bool {
            lock.withLock {
                self.server = server
                return !stopped
            }
        }

        func stop() {
            let server = lock.withLock {
                stopped = true
                return self.server
            }
            server?.stop()
        }
    }
}
