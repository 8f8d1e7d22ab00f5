import ArgumentParser
import LinkstrRuntime
import LinkstrTerminal

/// `linkstr notify …`: the notifiers (desktop, HTTP push, command) as configured in config.toml.
struct NotifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notify",
        abstract: "Work with the notifiers: desktop notifications, HTTP push and webhooks, commands.",
        discussion: """
            Example:
              linkstr notify test
            """,
        subcommands: [Test.self])
}

extension NotifyCommand {
    /// `linkstr notify test`: sends one test notification through every active notifier and reports
    /// each result; exit status 1 when any failed.
    struct Test: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "test",
            abstract: "Send a test notification through every active notifier and report each result.",
            discussion: """
                The active notifiers are the plugin ids listed in notifiers = [...] of config.toml (without
                that setting: desktop notifications, when a notification server answers); each reads its
                settings from its [plugins."<id>"] section. A notifier that cannot start (not
                installed, a bad setting) is reported as failed; the others still send. Exit status 1 when
                any notifier failed.

                Example:
                  linkstr notify test --json
                  [{"id":"org.linkstr.notify.desktop","ok":true},{"error":"…","id":"org.linkstr.notify.http","ok":false}]
                """)

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let outcome = try await global.withPlugins { host in
                let dispatcher = NotificationDispatcher.start(host: host)
                guard !dispatcher.isEmpty else {
                    dispatcher.stop()
                    let installed = host.registry.providers(of: CapabilityID.notifier).map(\.id)
                    throw CLIFailure(
                        .failed,
                        (dispatcher.notice ?? "no notifier is active (notifiers = [] in \(host.paths.configFile)).")
                            + (installed.isEmpty ? "" : " Installed notifiers: \(installed.joined(separator: ", ")).")
                    )
                }
                let outcome = await dispatcher.deliver(.test())
                dispatcher.stop()
                return outcome
            }

            if global.json {
                Terminal.printJSON(outcome.results.map { Delivery(id: $0.pluginID, ok: $0.ok, error: $0.error) })
            } else {
                for result in outcome.results {
                    Terminal.write(result.ok ? "ok      \(result.pluginID)\n" : "failed  \(result.pluginID): \(TerminalText.line(result.error ?? "unknown error"))\n")
                }
            }
            let failed = outcome.results.filter { !$0.ok }
            if !failed.isEmpty {
                throw CLIFailure(
                    .failed, "\(failed.count) of \(outcome.results.count) notifiers failed: \(failed.map(\.pluginID).joined(separator: ", "))")
            }
        }
    }
}

extension NotifyCommand.Test {
    /// `{"id","ok","error"?}`: what one notifier did with the test notification.
    struct Delivery: Encodable {
        let id: String
        let ok: Bool
        let error: String?
    }
}
