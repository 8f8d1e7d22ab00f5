import Foundation
import LinkstrRuntime

/// A secret key a person hands over: `-` for stdin, a file that holds it, or (with
/// `--insecure-argv`) the nsec itself as the argument. The key is an nsec, or an encrypted backup
/// (NIP-49 `ncryptsec`, as `linkstr profile backup` writes) opened with its passphrase.
enum SecretKeyInput {
    /// - Parameter passphraseStdin: `--passphrase-stdin`: a backup's passphrase is the first line of
    ///   stdin (else it is asked for on the terminal).
    /// - Returns: the key, and whether it came from a backup (the profile made of it is backed up).
    static func read(
        _ argument: String, insecureArgv: Bool, passphraseStdin: Bool, example: String
    ) throws(CLIFailure) -> (key: SecretKey, isBackup: Bool) {
        let text: String
        if argument == "-" {
            if passphraseStdin {
                throw CLIFailure(.usage, "stdin cannot hold both the key and the passphrase: give the backup as a file (\(example.replacingOccurrences(of: " - < ", with: " ")) --passphrase-stdin)")
            }
            text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        } else if FileManager.default.fileExists(atPath: argument) {
            guard let contents = FileManager.default.contents(atPath: argument) else { throw CLIFailure(.usage, "cannot read \(argument).") }
            text = String(decoding: contents, as: UTF8.self)
        } else if argument.lowercased().hasPrefix("nsec1"), !insecureArgv {
            throw CLIFailure(
                .usage,
                "a secret key on the command line is visible to every user in `ps` and stays in your shell history; pass - and give it on stdin (\(example)), or a file that holds it (--insecure-argv accepts the risk)")
        } else {
            text = argument
        }
        let key = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if SecretKey.isBackup(key) { return (try decrypt(key, passphraseStdin: passphraseStdin), true) }
        do {
            return (try SecretKey.importing(key), false)
        } catch {
            throw error.failure
        }
    }

    /// Opens an encrypted backup with its passphrase.
    private static func decrypt(_ ncryptsec: String, passphraseStdin: Bool) throws(CLIFailure) -> SecretKey {
        let passphrase: String
        do {
            passphrase = try PassphraseInput.read(
                fromStdin: passphraseStdin, prompt: "backup passphrase: ", confirm: false,
                withoutTerminal: "this is an encrypted backup (ncryptsec) and there is no terminal to ask for its passphrase; give it on stdin with --passphrase-stdin")
        } catch {
            throw error.failure
        }
        do {
            return try SecretKey.importing(backup: ncryptsec, passphrase: passphrase)
        } catch {
            throw error.failure
        }
    }
}
