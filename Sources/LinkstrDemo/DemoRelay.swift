import Foundation

/// rust-nostr's relay (`LocalRelay` of PyPI nostr-sdk, the relay of the relay-pool tests) on a
/// free port of 127.0.0.1, in memory, run by the venv's python from a script written into the
/// demo's folder. The script exits when its stdin closes, so it never outlives the demo.
enum DemoRelay {
    static let script = """
        import asyncio, os, sys, threading

        def exit_with_parent():
            sys.stdin.buffer.read()  # returns at end of file: the demo closed the pipe or is gone
            os._exit(0)

        threading.Thread(target=exit_with_parent, daemon=True).start()
        try:
            from nostr_sdk import LocalRelayBuilder
        except ImportError as error:
            print("MISSING", error, flush=True)
            sys.exit(3)

        async def main():
            relay = LocalRelayBuilder().addr("127.0.0.1").build()
            await relay.run()
            print("READY", await relay.url(), flush=True)
            await asyncio.Event().wait()

        asyncio.run(main())

        """

    /// Starts the relay and returns it with its `ws://127.0.0.1:PORT` URL.
    static func start(python: String, in workspace: DemoWorkspace, environment: [String: String]) throws(DemoFailure) -> (ChildProgram, String) {
        let path = workspace.root + "/relay.py"
        do {
            try script.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw DemoFailure("cannot write \(path): \(error)")
        }
        var environment = environment
        environment["PYTHONUTF8"] = "1"
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        let relay: ChildProgram
        do {
            relay = try ChildProgram(python, ["-u", path], environment: environment)
        } catch {
            throw DemoFailure("cannot start \(python): \(error.reason)")
        }
        workspace.adopt(relay)
        _ = relay.wait(timeout: .seconds(20)) { program in
            program.lines.contains { $0.hasPrefix("READY ") || $0.hasPrefix("MISSING ") }
        }
        if let line = relay.lines.first(where: { $0.hasPrefix("READY ") }) {
            return (relay, String(line.dropFirst(6)).trimmingCharacters(in: .whitespaces))
        }
        if relay.lines.contains(where: { $0.hasPrefix("MISSING ") }) {
            throw DemoFailure(
                "\(python) has no nostr-sdk (rust-nostr's relay). Run scripts/bootstrap.sh in the linkstr source folder, or set LINKSTR_VENV to a venv with `pip install nostr-sdk==0.45.1`.")
        }
        let detail = relay.stderr.split(separator: "\n").suffix(3).joined(separator: " / ")
        throw DemoFailure("the demo relay did not start within 20 s\(detail.isEmpty ? "" : ": \(detail)")")
    }
}
