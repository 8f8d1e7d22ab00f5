import Foundation
@testable import LinkstrHost
import LinkstrPluginKit
@testable import LinkstrRuntime
import Testing

/// The command notifier with small shell scripts as the configured program.
@Suite struct CommandNotifierTests {
    static let pluginID = "org.linkstr.notify.command"

    let post = NotificationRequest(
        id: "c0ffee", kind: .post, sessionName: "Weekend", senderName: "Alice", url: "https://vimeo.com/76979871",
        createdAt: 1_739_877_200)

    /// An executable script in the scratch folder.
    /// A shell script, run through /bin/sh: executing a file that was just written can fail with
    /// ETXTBSY while a concurrently spawned process still holds an inherited descriptor to it.
    private func script(_ scratch: TestScratch, _ name: String, _ body: String) -> String {
        Script.write(scratch.file(name), body)
    }

    @Test func runsTheProgramWithItsArgumentsAndTheNotificationOnStdin() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let program = script(scratch, "record.sh", "printf '%s\\n' \"$@\" > \"$0.argv\"\ncat > \"$0.stdin\"\necho to stdout\n")
        let command = try NotifierDriver(
            "command", pluginID: Self.pluginID, settings: ["command": "[\"/bin/sh\",\"\(program)\",\"one arg\",\"$HOME;two\"]"])
        defer { command.destroy() }

        #expect(command.probe() == nil)
        #expect(await command.notify(post, includeContent: false) == nil)
        #expect(try String(contentsOfFile: program + ".argv", encoding: .utf8) == "one arg\n$HOME;two\n")  // no shell
        let stdin = try String(contentsOfFile: program + ".stdin", encoding: .utf8)
        #expect(stdin == #"{"body":"New link in Weekend","created_at":1739877200,"id":"c0ffee","kind":"post","session":"Weekend","title":"linkstr"}"#)
    }

    @Test func reportsANonZeroExitWithTheEndOfStandardError() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let program = script(scratch, "fail.sh", "echo 'starting' >&2\necho 'cannot reach the pager' >&2\nexit 3\n")
        let command = try NotifierDriver("command", pluginID: Self.pluginID, settings: ["command": "[\"\(program)\"]"])
        defer { command.destroy() }

        let error = try #require(await command.notify(post))
        #expect(error == PluginError(.io, "the notification command \(program) exited with status 3: starting | cannot reach the pager"))
    }

    @Test func stopsAProgramThatHangsWithEveryProcessItStarted() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        // The script starts a helper in the background and waits; both must be gone afterwards.
        let program = script(scratch, "hang.sh", "sleep 60 &\necho \"$$ $!\" > \"$0.pids\"\nwait\n")
        let command = try NotifierDriver(
            "command", pluginID: Self.pluginID, settings: ["command": "[\"/bin/sh\",\"\(program)\"]", "timeout_seconds": "0.5"])
        defer { command.destroy() }

        let error = try #require(await command.notify(post))
        #expect(error == PluginError(
            .timeout, "the notification command /bin/sh did not finish within 0.5 s and was stopped with its process group"))
        let pids = try String(contentsOfFile: program + ".pids", encoding: .utf8).split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        #expect(pids.count == 2)
        #expect(await eventually(within: 2) { pids.allSatisfy(Self.isGone) })
    }

    @Test func namesAMissingProgramAtStartAndOnDelivery() async throws {
        let command = try NotifierDriver("command", pluginID: Self.pluginID, settings: ["command": #"["/nonexistent/notify-me"]"#])
        defer { command.destroy() }

        let expected = PluginError(
            .unavailable,
            "the notification command cannot run: /nonexistent/notify-me: No such file or directory; fix 'command' in [plugins.\"org.linkstr.notify.command\"]")
        #expect(command.probe() == expected)
        #expect(await command.notify(post) == expected)
    }

    @Test func findsABareProgramNameInPath() throws {
        let command = try NotifierDriver("command", pluginID: Self.pluginID, settings: ["command": #"["true"]"#])
        defer { command.destroy() }
        #expect(command.probe() == nil)
        #expect(command.log.contains { $0.hasPrefix("notifications run /") && $0.hasSuffix("/true") })
    }

    @Test(arguments: [
        (nil, "[plugins.\"org.linkstr.notify.command\"] has no 'command' setting; add command = [\"/usr/local/bin/on-linkstr\", \"--quiet\"] (a program and its arguments; no shell is used)"),
        ("/usr/bin/notify-send hello", "setting 'command' of [plugins.\"org.linkstr.notify.command\"] must be an array of strings like command = [\"/usr/local/bin/on-linkstr\", \"--quiet\"], not /usr/bin/notify-send hello"),
        ("[]", "setting 'command' of [plugins.\"org.linkstr.notify.command\"] is empty; name a program first, e.g. command = [\"/usr/local/bin/on-linkstr\", \"--quiet\"]"),
    ])
    func refusesACommandSettingItCannotUse(setting: String?, message: String) throws {
        #expect(throws: PluginError(.invalid, "plugin 'org.linkstr.notify.command' failed to start: \(message)")) {
            _ = try NotifierDriver("command", pluginID: Self.pluginID, settings: setting.map { ["command": $0] } ?? [:])
        }
    }

    /// No such process, or only a zombie waiting for its reaper.
    private static func isGone(_ pid: Int32) -> Bool {
        guard kill(pid, 0) == 0 else { return true }
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
    }
}
