import Foundation
import Glibc
import LinkstrRuntime
import LinkstrTerminal

// `linkstr-demo [--venv DIR] [--pause]`: the guided tour `linkstr demo` runs (it replaces itself with
// this program, installed beside it), a program of its own so that `linkstr` links none of it.
//
// It runs the `linkstr` program beside it as child processes rather than the runtime in-process,
// because (1) every step is then exactly the command a newcomer will type next — the tour prints it
// and its real output; (2) it goes through the whole program (argument parsing, config.toml, plugin
// loading, storage, the key store, exit statuses), so the demo in the test suite checks what people
// run; (3) Alice and Bob live in separate processes with separate homes, as on two machines, without
// sharing one process's plugin instances and host services. The cost — a dozen process starts of a
// few tens of milliseconds — is small next to the relay round trips.

/// The interpreter of `--venv`, else of the set-up's virtual environment (never one found by
/// searching the current folder: another user could have planted it there).
func python(venv: String?, environment: [String: String]) throws(DemoFailure) -> String {
    let dataDirectory = LinkstrPaths.resolve(home: nil, configFile: nil, environment: environment).dataDirectory
    if let venv {
        let python = URL(fileURLWithPath: venv).standardizedFileURL.path + "/bin/python"
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw DemoFailure("--venv \(venv) has no bin/python; give a Python virtual environment with `pip install nostr-sdk==0.45.1`, or run scripts/bootstrap.sh in the linkstr source folder")
        }
        return python
    }
    guard let found = SetupVirtualEnvironment.find(environment: environment, dataDirectory: dataDirectory) else {
        let searched = SetupVirtualEnvironment.candidates(environment: environment, dataDirectory: dataDirectory)
        throw DemoFailure(
            "the demo needs rust-nostr's relay (PyPI nostr-sdk) in a Python virtual environment, and none was found (looked at "
                + searched.joined(separator: ", ") + ", each owned by you or root and writable by nobody else). Run scripts/bootstrap.sh in "
                + "the linkstr source folder (it makes .venv), or set LINKSTR_VENV to a venv with `pip install nostr-sdk==0.45.1`.")
    }
    return found.python
}

func nextSteps(style: Style) -> String {
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

func tour(venv: String?, pause: Bool) throws(DemoFailure) {
    let environment = ProcessInfo.processInfo.environment
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("linkstr").path
    let python = try python(venv: venv, environment: environment)
    let output = HumanOutput.current
    var childEnvironment = environment
    childEnvironment["LINKSTR_HOME"] = nil
    // The children print into pipes; they colour their output when the tour does.
    childEnvironment["LINKSTR_COLOR"] = output.style.colored ? "always" : "never"

    let workspace = try DemoWorkspace(environment: environment)
    let say: @Sendable (String) -> Void = { TextOutput.write($0, to: STDOUT_FILENO) }
    workspace.cleanUpOnSignals { reason in
        TextOutput.write("\nlinkstr demo: \(reason); stopping the relay and removing \(workspace.root)\n", to: STDERR_FILENO)
    }
    let tour = DemoTour(executable: executable, workspace: workspace, environment: childEnvironment, style: output.style, pause: pause, say: say)
    let result = Result { () throws(DemoFailure) in try tour.run(python: python) }
    if workspace.interrupted { while true { Glibc.pause() } }
    say("\n" + output.style.paint("Cleaning up: ", Palette.foreground, bold: true))
    let clean = workspace.cleanUp()
    // Stopped by a signal: its handler has cleaned up and ends the process with 128 + signal.
    while workspace.interrupted { Glibc.pause() }
    workspace.stopWatchingSignals()
    say(output.style.paint(clean ? "relay stopped, \(workspace.root) removed.\n" : "could not remove \(workspace.root); remove it by hand.\n", Palette.dark5))
    try result.get()
    say(nextSteps(style: output.style))
}

var arguments = CommandLine.arguments.dropFirst()
var venv: String?
var pause = false
while let argument = arguments.popFirst() {
    switch argument {
    case "--venv": venv = arguments.popFirst()
    case "--pause": pause = true
    default:
        TextOutput.write("linkstr: usage: linkstr demo [--venv DIR] [--pause]\n", to: STDERR_FILENO)
        exit(2)
    }
}
do {
    try tour(venv: venv, pause: pause)
} catch {
    TextOutput.write("linkstr: " + TerminalText.line(error.message) + "\n", to: STDERR_FILENO)
    exit(1)
}
