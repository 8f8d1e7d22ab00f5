import ArgumentParser
import LinkstrHost

struct RelayListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the relays with the status the last connecting command saw.",
        discussion: """
            Example:
              linkstr relay list --json
              [{"enabled":true,"status":"connected","url":"wss://relay.example.com"}]
            """)

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let (host, backend) = try StorageContext.open(global)
        defer { host.stop() }
        let relays: [RelayEntry]
        do {
            relays = try RelaySettings(backend: backend, configured: host.configuration.relays).list()
        } catch {
            throw CLIFailure(.failed, "cannot read the relay list: \(error)")
        }
        if global.json {
            Terminal.printJSON(relays.map { relay -> [String: Any] in
                var object: [String: Any] = ["url": relay.url, "enabled": relay.enabled, "status": relay.enabled ? relay.status ?? "unknown" : "disabled"]
                object["error"] = relay.error
                return object
            })
            return
        }
        Terminal.write(RelayListView(relays: relays, output: .current).render())
    }
}
