import ArgumentParser
import LinkstrRuntime

struct RelayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "relay",
        abstract: "The relays linkstr connects to (shared by every account of this home).",
        discussion: """
            The list is relays = [...] of config.toml (read by every command, so editing it takes
            effect at once), or the iPhone app's five defaults when config.toml sets none, with your
            changes on top: relays you added, removed, enabled or disabled. `relay list` shows where
            each relay comes from; `relay reset` drops your changes.

            Example:
              linkstr relay add wss://relay.example.com
              linkstr relay list
            """,
        subcommands: [List.self, Add.self, Remove.self, Enable.self, Disable.self, Reset.self])
}

extension RelayCommand {
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the relays, where each comes from, and what the last command that used it saw.",
            discussion: """
                source is "config" (relays = [...] in config.toml), "default" (the iPhone app's defaults, used
                when config.toml sets no relays) or "added" (linkstr relay add); checked_at is when status
                was seen, last_ok_at when the relay last accepted an event linkstr published (Unix seconds).

                Example:
                  linkstr relay list --json
                  [{"checked_at":1767225600,"enabled":true,"source":"added","status":"connected","url":"wss://relay.example.com"}]
                """)

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await StorageContext.withRelaySettings(global) { host, settings in
                let relays: [RelayEntry]
                let removed: [String]
                do {
                    relays = try settings.list()
                    removed = try settings.removedBaseRelays()
                } catch {
                    throw CLIFailure(.failed, "cannot read the relay list: \(error)")
                }
                if global.json {
                    Terminal.printJSON(relays.map(JSONRecords.RelayRow.init))
                    return
                }
                let view = RelayListView(
                    relays: relays, base: settings.baseSource, configFile: host.paths.configFile, removed: removed, output: .current)
                Terminal.write(view.render())
            }
        }
    }
}

extension RelayCommand {
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Add a relay (a ws:// or wss:// URL).",
            discussion: """
                Example:
                  linkstr relay add wss://relay.example.com
                """)

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The relay's address.") var url: String

        func run() async throws {
            try await RelayChange.run(global, done: "added \(url)") { settings throws(LinkstrError) in
                try settings.add(url)
            }
        }
    }
}

extension RelayCommand {
    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Remove a relay.",
            discussion: """
                Example:
                  linkstr relay remove wss://relay.example.com
                """)

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The relay's address.") var url: String

        func run() async throws {
            try await RelayChange.run(global, done: "removed \(url)") { settings throws(LinkstrError) in
                try settings.remove(url)
            }
        }
    }
}

extension RelayCommand {
    struct Enable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "enable", abstract: "Connect to this relay again.",
            discussion: """
                Example:
                  linkstr relay enable wss://relay.example.com
                """)

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The relay's address.") var url: String

        func run() async throws {
            try await RelayChange.run(global, done: "enabled \(url)") { settings throws(LinkstrError) in
                try settings.setEnabled(url, true)
            }
        }
    }
}

extension RelayCommand {
    struct Disable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "disable", abstract: "Keep the relay in the list but do not connect to it.",
            discussion: """
                Example:
                  linkstr relay disable wss://relay.example.com
                """)

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The relay's address.") var url: String

        func run() async throws {
            try await RelayChange.run(global, done: "disabled \(url)") { settings throws(LinkstrError) in
                try settings.setEnabled(url, false)
            }
        }
    }
}

extension RelayCommand {
    struct Reset: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reset", abstract: "Drop your changes: back to relays = [...] of config.toml, or the defaults.",
            discussion: """
                Relays you added go, relays you removed or disabled come back.

                Example:
                  linkstr relay reset
                """)

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await RelayChange.run(global, done: "relay list reset") { settings throws(LinkstrError) in
                try settings.reset()
            }
        }
    }
}
