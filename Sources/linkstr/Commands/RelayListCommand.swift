import ArgumentParser
import LinkstrHost
import LinkstrRuntime

struct RelayListCommand: ParsableCommand {
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

    func run() throws {
        let (host, settings) = try StorageContext.relaySettings(global)
        defer { host.stop() }
        let relays: [RelayEntry]
        let removed: [String]
        do {
            relays = try settings.list()
            removed = try settings.removedBaseRelays()
        } catch {
            throw CLIFailure(.failed, "cannot read the relay list: \(error)")
        }
        if global.json {
            Terminal.printJSON(relays.map(JSONRecords.relay))
            return
        }
        let view = RelayListView(
            relays: relays, base: settings.baseSource, configFile: host.paths.configFile, removed: removed, output: .current)
        Terminal.write(view.render())
    }
}
