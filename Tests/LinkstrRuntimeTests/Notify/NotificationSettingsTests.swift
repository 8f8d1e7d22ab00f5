import Foundation
import LinkstrRuntime
import TestSupport
import Testing

/// `NotificationSettings.write(to:)` edits config.toml as a person would: its two settings, and every
/// other line as written.
@Suite struct NotificationSettingsTests {
    @Test("a notifier list over several lines and a [notify] table among others are replaced in place; comments and other tables stay")
    func editsInPlace() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let path = scratch.file("config.toml")
        let before = """
            # mine
            relays = ["wss://relay.example.com"]
            notifiers = [
                "org.linkstr.notify.desktop",  # the desktop
                "org.linkstr.notify.http",
            ]
            log_level = "info"

            [notify]
            # who
            from = "members"

            [plugins."org.linkstr.notify.command"]
            command = ["/bin/true"]

            """
        try before.write(toFile: path, atomically: true, encoding: .utf8)

        try NotificationSettings(from: .contacts, notifiers: ["org.linkstr.notify.command"]).write(to: path)
        let after = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            after == """
                # mine
                relays = ["wss://relay.example.com"]
                notifiers = ["org.linkstr.notify.command"]
                log_level = "info"

                [notify]
                # who
                from = "contacts"

                [plugins."org.linkstr.notify.command"]
                command = ["/bin/true"]

                """, "\(after)")
        #expect(try NotificationSettings.read(from: path) == NotificationSettings(from: .contacts, notifiers: ["org.linkstr.notify.command"]))
    }

    @Test("settings written in a form it does not edit (an inline table) are refused, and the file is left as it was")
    func refusesWhatItCannotEdit() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let path = scratch.file("config.toml")
        let before = "notify = { from = \"members\" }\n"
        try before.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: ConfigurationError.self) { try NotificationSettings(from: .contacts, notifiers: nil).write(to: path) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == before)
    }
}
