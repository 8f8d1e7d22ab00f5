import Foundation
import LinkstrRuntime

/// A passphrase a command asks for: the first line of stdin with `--passphrase-stdin`, else a
/// prompt on the terminal (echo off).
enum PassphraseInput {
    /// - Parameters:
    ///   - fromStdin: `--passphrase-stdin` was given.
    ///   - confirm: ask twice on the terminal.
    ///   - withoutTerminal: the error when there is neither.
    /// - Throws: bad input (exit 2) when there is no passphrase to read.
    static func read(fromStdin: Bool, prompt: String, confirm: Bool, withoutTerminal: String) throws(LinkstrError) -> String {
        if fromStdin {
            var line = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
            if let end = line.firstIndex(where: \.isNewline) { line = String(line[..<end]) }
            guard !line.isEmpty else { throw LinkstrError(.badInput, "--passphrase-stdin read an empty passphrase; give one on the first line of stdin") }
            return line
        }
        do {
            return try PassphraseSource.ask(prompt: prompt, confirm: confirm, withoutTerminal: withoutTerminal)
        } catch {
            throw LinkstrError(.badInput, error.description)
        }
    }
}
