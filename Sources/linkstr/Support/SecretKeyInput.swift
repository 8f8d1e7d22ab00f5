import Foundation
import LinkstrRuntime
import NostrCore

/// A secret key a person hands over: `-` for stdin, a file that holds it, or (with
/// `--insecure-argv`) the nsec itself as the argument.
enum SecretKeyInput {
    static func read(_ argument: String, insecureArgv: Bool, example: String) throws(CLIFailure) -> SecretKey {
        let text: String
        if argument == "-" {
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
        do {
            return try SecretKey.importing(text)
        } catch {
            throw error.failure
        }
    }
}
