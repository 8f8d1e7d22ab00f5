import Foundation
import LinkstrHost
import LinkstrPluginKit
import PluginTesting
import Testing
import TestSupport

/// What a person sees on a real terminal (a pseudo-terminal): progress and boot steps only for
/// people, never for `--json` or a terminal without cursor control, and never blaming a boot step
/// for the caller's mistake.
@Suite struct TerminalOutputTests {
    /// An account whose only relay refuses connections at once.
    private func home(_ scratch: TestScratch) throws -> LinkstrHome {
        try LinkstrHome.create(scratch, "alice", relays: ["ws://127.0.0.1:9"])
    }

    @Test func jsonOnATerminalDrawsNoProgress() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let alice = try home(scratch)
        let human = try TerminalSession.linkstr(["sync", "--timeout", "1", "--home", alice.path])
        #expect(human.screen.contains("loading account…"), "the boot steps are shown to people: \(human.screen)")
        let json = try TerminalSession.linkstr(["sync", "--timeout", "1", "--json", "--home", alice.path])
        #expect(!json.screen.contains("\u{1B}[K") && !json.screen.contains("loading account"), "\(json.screen)")
    }

    @Test func aDumbTerminalGetsNoCursorCodes() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let alice = try home(scratch)
        let session = try TerminalSession.linkstr(["sync", "--timeout", "1", "--home", alice.path], environment: ["TERM": "dumb"])
        #expect(!session.screen.contains("\u{1B}"), "\(session.screen)")
        #expect(session.screen.contains("linkstr: "), "the failure is still said: \(session.screen)")
    }

    /// An error quoting text with escape sequences shows them instead of letting them act.
    @Test func anErrorShowsTheControlsItQuotes() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let alice = try home(scratch)
        let result = try ProcessRunner.linkstr(["post", "\u{1B}[2Jred\u{1B}[31m", "https://example.com/", "--home", alice.path])
        #expect(result.status == 2)
        #expect(!result.stderr.contains("\u{1B}"), "\(result.stderr)")
        #expect(result.stderr.hasPrefix("linkstr: ") && result.stderr.contains("␛[2Jred␛[31m"), "\(result.stderr)")
    }

    /// The host log (where plugins report what relays and servers said) shows controls too, and
    /// keeps one message on one line.
    @Test func theHostLogShowsControls() {
        let lines = LogLines()
        let log = HostLog(threshold: .info, sink: { lines.append($0) })
        log.log(.warn, "NOTICE from wss://relay.example: \u{1B}]0;owned\u{7}\nlinkstr: error: fake\u{202E}", source: "org.linkstr.transport")
        #expect(lines.all == ["linkstr: warn: [org.linkstr.transport] NOTICE from wss://relay.example: ␛]0;owned␇␊linkstr: error: fake<U+202E>"])
    }

    @Test func aWrongSessionNameIsNotABootStepFailure() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let alice = try home(scratch)
        let session = try TerminalSession.linkstr(["post", "no such session", "https://example.com/", "--home", alice.path])
        #expect(session.status == 2)
        #expect(!session.screen.contains("failed after"), "\(session.screen)")
        #expect(session.screen.contains("linkstr: "), "\(session.screen)")
    }
}
