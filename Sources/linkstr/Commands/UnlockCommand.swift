import ArgumentParser
import Foundation
import LinkstrRuntime

struct UnlockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unlock", abstract: "Unlock this home's keys for the login session (asks for the passphrase once).",
        discussion: """
            Checks the passphrase (against the master passphrase's hash when one is set), decrypts \
            every profile's key it protects and hands them to the unlock agent, a small process \
            started when none runs that keeps them in memory only — never on disk — until \
            `linkstr lock` or [profiles] auto_lock_minutes without use (default 15; 0 = never). \
            Commands then take the keys from the agent instead of deriving them again.

            Example:
              linkstr unlock
              printf '%s\\n' "$PASSPHRASE" | linkstr unlock --passphrase-stdin
            """)

    @OptionGroup var global: GlobalOptions
    @Flag(name: .customLong("passphrase-stdin"), help: "Read the passphrase from the first line of stdin.")
    var passphraseStdin = false

    func run() throws {
        let app = global.app()
        // A configuration that cannot be used, or a home without profiles, is refused before the passphrase is asked.
        _ = try app.host()
        _ = try app.accounts()
        let passphrase = try PassphraseInput.read(
            fromStdin: passphraseStdin, prompt: "passphrase of this home's keys: ", confirm: false,
            withoutTerminal: "there is no terminal to ask for the passphrase; give it on stdin with --passphrase-stdin")
        let unlocked = try app.unlock(passphrase: passphrase, agentProgram: UnlockAgentProgram.thisProgram)
        if global.json {
            Terminal.printJSON(JSONRecords.Unlocked(unlocked.profiles, until: unlocked.until))
        } else {
            let until = unlocked.until.map { "until \(Self.clockTime($0)) unless used before" } ?? "until `linkstr lock`"
            Terminal.write("unlocked \(unlocked.profiles.map(\.name).joined(separator: ", ")) \(until)\n")
        }
    }

    private static func clockTime(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm"
        return formatter.string(from: date)
    }
}
