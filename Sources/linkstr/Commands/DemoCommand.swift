import ArgumentParser

/// `linkstr demo`: a guided, self-contained tour on 127.0.0.1, run by `linkstr-demo` (installed beside
/// this program, which links none of it) in place of this process.
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

    @Option(help: ArgumentHelp("The Python virtual environment with nostr-sdk (default: LINKSTR_VENV, the .venv of the source folder this program was built in, or ~/.local/share/linkstr/venv).", valueName: "dir"))
    var venv: String?

    @Flag(help: "Wait for Enter between the steps.") var pause = false

    func run() throws {
        try RunningExecutable.replace(with: "linkstr-demo", arguments: (venv.map { ["--venv", $0] } ?? []) + (pause ? ["--pause"] : []))
    }
}
