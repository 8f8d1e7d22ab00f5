import Glibc
import LinkstrRuntime
import LinkstrTerminal

/// Writing to the terminal: stdout for results, stderr for errors and progress. Both first remove
/// the transient status line (`StatusLine`), so nothing is written after it on its line.
enum Terminal {
    static func write(_ text: String) {
        StatusLine.shared.clear()
        TextOutput.write(text, to: STDOUT_FILENO)
    }

    static func writeError(_ text: String) {
        StatusLine.shared.clear()
        TextOutput.write(text, to: STDERR_FILENO)
    }

    /// Says `message` on stderr as one `linkstr: …` line, its controls shown (`TerminalText.line`):
    /// errors, warnings and notes quote relays, servers and files.
    static func say(_ message: String) {
        writeError("linkstr: " + TerminalText.line(message) + "\n")
    }

    /// Prints one JSON record (``JSONRecords/text(_:)``) and a newline on stdout.
    static func printJSON(_ record: some Encodable) {
        // Two writes, not one of a concatenation: a whole feed is tens of megabytes.
        write(JSONRecords.text(record))
        write("\n")
    }
}
