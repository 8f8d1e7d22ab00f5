import Foundation
import PluginTesting

/// `linkstr` run the way a person at a terminal runs it: a pseudo-terminal is its controlling
/// terminal, stdout and stderr (`Tests/Support/terminal_session.py`), and prompts are answered as
/// they appear.
public enum TerminalSession {
    public struct Result: Decodable, Sendable {
        /// The exit status, or minus the signal that ended it.
        public var status: Int32
        /// Everything written to the terminal (stdout and stderr together, `\r\n` line ends).
        public var screen: String
    }

    /// - Parameters:
    ///   - stdinFile: redirects stdin from this file, as the shell's `< FILE`.
    ///   - answers: (prompt, text) in order: `text` and Enter are typed once `prompt` has appeared.
    public static func linkstr(
        _ arguments: [String], stdinFile: String? = nil, answers: [(prompt: String, text: String)] = [],
        environment: [String: String] = [:], timeout: Double = 30
    ) throws -> Result {
        var options: [String] = ["--timeout", String(timeout)]
        if let stdinFile { options += ["--stdin", stdinFile] }
        for answer in answers { options += ["--answer", answer.prompt + "=" + answer.text] }
        var base = ["PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": ProcessInfo.processInfo.environment["HOME"] ?? "/root", "TERM": "xterm-256color"]
        base.merge(environment) { $1 }
        let script = ExternalProcess.packageRoot + "/Tests/Support/terminal_session.py"
        let result = try ProcessRunner.run(
            "/usr/bin/python3", [script] + options + ["--", BuildProducts.linkstrExecutable] + arguments, environment: base, timeout: timeout + 10)
        guard result.status == 0 else { throw TestFailure("terminal_session.py failed (\(result.status)): \(result.stderr)") }
        return try JSONDecoder().decode(Result.self, from: Data(result.stdout.utf8))
    }
}
