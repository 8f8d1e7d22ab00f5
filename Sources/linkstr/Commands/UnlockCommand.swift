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
        let host = try global.openHost()
        let accounts = global.accounts(host)
        let unlocked: (profiles: [HomeProfile], until: Date?)
        do {
            let passphrase = try PassphraseInput.read(
                fromStdin: passphraseStdin, prompt: "linkstr passphrase: ", confirm: false,
                withoutTerminal: "there is no terminal to ask for the passphrase; give it on stdin with --passphrase-stdin")
            unlocked = try accounts.unlockProfiles(
                passphrase: passphrase, autoLockMinutes: host.configuration.profiles.autoLockMinutes, agentCommand: agentCommand())
        } catch {
            throw error.failure
        }
        let names = unlocked.profiles.map(\.name)
        if global.json {
            var record: [String: Any] = ["unlocked": names]
            record["until"] = unlocked.until.map { ISO8601DateFormatter().string(from: $0) } ?? NSNull()
            Terminal.printJSON(record)
        } else {
            let until = unlocked.until.map { "until \(Self.clockTime($0)) unless used before" } ?? "until `linkstr lock`"
            Terminal.write("unlocked \(names.joined(separator: ", ")) \(until)\n")
        }
    }

    /// `linkstr agent` for this home: this very program, with the options that choose the home.
    private func agentCommand() -> [String] {
        let program = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return [program, "agent"] + (global.home.map { ["--home", $0] } ?? []) + (global.config.map { ["--config", $0] } ?? [])
    }

    private static func clockTime(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm"
        return formatter.string(from: date)
    }
}
