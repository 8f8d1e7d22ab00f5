import ArgumentParser
import LinkstrHost
import LinkstrRuntime

struct SavedSyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync", abstract: "POST every saved link to your webhook, or sync them with your other machines (--relays).",
        discussion: """
            The webhook is [saved] webhook = "https://…" in config.toml; it receives
            {"urls":[{"id","url","tags","saved_at"}]} (extra_fields = true adds note, title and
            updated_at), with Authorization: Bearer <token> when token is set and
            X-Linkstr-Signature: sha256=<HMAC-SHA256 of the body> when secret is set. A save syncs
            in the background, and `linkstr watch` syncs daily. Offline, nothing is sent and the sync
            is tried again later; a refused POST is tried three times with growing pauses.

            --relays syncs the saved links with your other machines (same account) through your
            relays instead: one app-data event per link (NIP-78), encrypted to your own key (NIP-44),
            so relays see neither links nor tags; per link the later change wins, removals included.
            The events go at a pace the relays accept (a relay that answers rate-limited gets them
            again after a growing pause); what is still refused after a minute and a half is
            reported as pending (exit 1) and goes with the next sync. `linkstr watch` does this
            every ten minutes when you have saved links.

            Example:
              linkstr saved sync
              linkstr saved sync --status --json
              linkstr saved sync --relays
            """)

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Show how the last sync went instead of syncing.") var status = false
    @Flag(help: "Sync with your other machines through your relays instead of the webhook.") var relays = false
    @Flag(help: .hidden) var background = false

    func validate() throws {
        if status && relays { throw ValidationError("--status shows the webhook sync; leave out --relays") }
    }

    func run() async throws {
        if relays {
            try await syncWithRelays()
            return
        }
        let context = try AccountContext.open(global)
        defer { context.host.stop() }
        let showOnly = status
        let result = try await context.run { runtime throws(RuntimeError) in
            showOnly ? try await runtime.webhookStatus() : try await runtime.syncSavedLinks()
        }
        if background { return }
        if global.json {
            Terminal.printJSON(JSONRecords.webhookStatus(result))
        } else {
            Terminal.write(Self.describe(result, syncing: !showOnly))
        }
        if !showOnly, result.outcome == .failed {
            throw CLIFailure(.failed, result.failureSentence)
        }
    }

    private func syncWithRelays() async throws {
        let context = try AccountContext.open(global, connects: true)
        defer { context.host.stop() }
        try await context.connect(forWriting: true)
        let report = try await context.run { runtime throws(RuntimeError) in try await runtime.syncSavedLinksWithRelays() }
        await context.close()
        if global.json {
            Terminal.printJSON(["received": report.received, "applied": report.applied, "published": report.published, "pending": report.pending])
        } else {
            Terminal.write(
                "relays had \(report.received) saved link\(report.received == 1 ? "" : "s"); took \(report.applied) newer here, published \(report.published)"
                    + (report.pending > 0 ? ", \(report.pending) pending" : "") + "\n")
        }
        if report.pending > 0 {
            throw CLIFailure(
                .failed,
                "the relays limit how fast events may come (\(report.rateLimit ?? "rate-limited")); \(report.pending) saved link\(report.pending == 1 ? "" : "s") "
                    + "could not be published within this run: run `linkstr saved sync --relays` again later")
        }
    }

    static func describe(_ status: WebhookStatus, syncing: Bool) -> String {
        let links = "\(status.sent) link\(status.sent == 1 ? "" : "s")"
        switch status.outcome {
        case .never: return "no webhook sync yet\n"
        case .ok: return syncing ? "sent \(links) to the webhook\n" : "last sync: \(links) at \(status.lastSync.map(ISOTime.string) ?? "?")\n"
        case .offline:
            return "offline (\(status.error ?? "no network")): nothing sent; tried again after \(status.nextAttempt.map(ISOTime.string) ?? "a while")\n"
        case .failed:
            let last = status.lastSync.map { "; last accepted sync at \(ISOTime.string($0))" } ?? ""
            return "sync failed: \(status.error ?? "unknown reason"); tried again after \(status.nextAttempt.map(ISOTime.string) ?? "a while")\(last)\n"
        }
    }
}
