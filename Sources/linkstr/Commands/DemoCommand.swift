import ArgumentParser
import Foundation
import Glibc

/// `linkstr demo`: a guided, self-contained tour on 127.0.0.1.
///
/// It runs this `linkstr` program as child processes rather than the runtime in-process, because
/// (1) every step is then exactly the command a newcomer will type next — the tour prints it and its
/// real output; (2) it goes through the whole program (argument parsing, config.toml, plugin
/// loading, storage, the key store, exit statuses), so the demo in the test suite checks what people
/// run; (3) Alice and Bob live in separate processes with separate homes, as on two machines,
/// without sharing one process's plugin instances and host services. The cost — a dozen process
/// starts of a few tens of milliseconds — is small next to the relay round trips.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "A guided tour: a local relay, two throwaway accounts, a shared link, a reaction and a notification.",
        discussion: """
            Runs on 127.0.0.1 only: starts rust-nostr's relay (PyPI nostr-sdk, from
            the .venv that scripts/bootstrap.sh makes, or LINKSTR_VENV), creates
            Alice and Bob under a temporary folder (mode 0700), and shows each
            linkstr command it runs with its output. Everything is removed at the
            end, also on Ctrl-C. Your own account and settings are not touched.

            Example:
              linkstr demo
              LINKSTR_VENV=~/src/linkstr/.venv linkstr demo --pause
            """)

    @Option(help: ArgumentHelp("The Python virtual environment with nostr-sdk (default: LINKSTR_VENV, or a .venv above this program or the current folder).", valueName: "dir"))
    var venv: String?

    @Flag(help: "Wait for Enter between the steps.") var pause = false

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let python: String
        switch PythonEnvironment.python(override: venv, environment: environment, executable: executable, currentDirectory: FileManager.default.currentDirectoryPath) {
        case .success(let found): python = found
        case .failure(let missing): throw CLIFailure(.failed, missing.description)
        }
        let output = HumanOutput.current
        var childEnvironment = environment
        childEnvironment["LINKSTR_HOME"] = nil
        // The children print into pipes; they colour their output when the tour does.
        childEnvironment["LINKSTR_COLOR"] = output.style.colored ? "always" : "never"

        let workspace = try DemoWorkspace(environment: environment)
        let say: @Sendable (String) -> Void = { Terminal.write($0) }
        workspace.cleanUpOnSignals { reason in
            Terminal.writeError("\nlinkstr demo: \(reason); stopping the relay and removing \(workspace.root)\n")
        }
        let tour = DemoTour(executable: executable, workspace: workspace, environment: childEnvironment, style: output.style, pause: pause, say: say)
        let result = Result { () throws(CLIFailure) in try tour.run(python: python) }
        if workspace.interrupted { while true { Glibc.pause() } }
        say("\n" + output.style.paint("Cleaning up: ", Palette.foreground, bold: true))
        let clean = workspace.cleanUp()
        // Stopped by a signal: its handler has cleaned up and ends the process with 128 + signal.
        while workspace.interrupted { Glibc.pause() }
        workspace.stopWatchingSignals()
        say(output.style.paint(clean ? "relay stopped, \(workspace.root) removed.\n" : "could not remove \(workspace.root); remove it by hand.\n", Palette.dark5))
        try result.get()
        say(Self.nextSteps(style: output.style))
    }

    static func nextSteps(style: Style) -> String {
        let rows: [(String, String)] = [
            ("linkstr account create --name YOU", "your own account (desktop keyring or a passphrase)"),
            ("linkstr relay list", "the relays it uses (the iPhone app's defaults; `relay add wss://…`)"),
            ("linkstr contact add npub1… --alias NAME", "someone you trust (they send you their npub)"),
            ("linkstr session create NAME --member NAME", "a private session"),
            ("linkstr post NAME https://…  --note TEXT", "share a link; `feed NAME` shows the session"),
            ("linkstr service install --enable", "keep `linkstr watch` running, with notifications"),
            ("linkstr --help", "everything else (every command's --help has examples)"),
        ]
        let width = rows.map { TerminalText.width($0.0) }.max() ?? 0
        return "\n" + style.paint("What next", Palette.blue, bold: true) + "\n"
            + rows.map { "  " + style.paint(TerminalText.pad($0.0, to: width), Palette.green) + "  " + style.paint($0.1, Palette.dark5) + "\n" }.joined()
    }
}
