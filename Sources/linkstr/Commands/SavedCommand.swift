import ArgumentParser
import Foundation
import LinkstrRuntime

struct SavedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "saved", abstract: "The links you saved: list them (the default), sync, export or import them.",
        discussion: """
            Example:
              linkstr saved --tag swift
              linkstr saved --search talk --json
              linkstr saved sync
              linkstr saved export --format netscape > bookmarks.html
              linkstr saved import bookmarks.html
            """,
        subcommands: [List.self, Sync.self, Export.self, Import.self], defaultSubcommand: List.self)
}

extension SavedCommand {
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List saved links, newest first, with their tags and titles.",
            discussion: """
                Several --tag show the links that have all of them. --deleted shows removed links
                (`linkstr restore URL` brings one back).

                Example:
                  linkstr saved --tag swift --search concurrency
                """)

        @OptionGroup var global: GlobalOptions
        @Option(help: "Only links with this tag (repeat: with every one).") var tag: [String] = []
        @Option(help: "Only links whose URL, note, title or tags contain this text.") var search: String?
        @Flag(help: "Show removed links instead.") var deleted = false
        @Flag(help: "Fetch missing link titles now (this contacts each link's site).") var titles = false

        func run() async throws {
            try await AccountContext.with(global) { context in
                let filter = SavedLinkFilter(tags: tag, search: search, deleted: deleted)
                let fetchTitles = titles
                let links = try await context.run { runtime throws(LinkstrError) in
                    let links = try await SavedLinks.savedLinks(filter, in: runtime)
                    return fetchTitles ? try await LinkTitles.fetchTitles(links, in: runtime) : links
                }
                if global.json {
                    Terminal.printJSON(links.map(JSONRecords.SavedLinkRow.init))
                } else {
                    Terminal.write(SavedListView(links: links, deleted: deleted, tags: tag, search: search, output: .current).render())
                }
            }
        }
    }
}

extension SavedCommand {
    struct Sync: AsyncParsableCommand {
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
            try await AccountContext.with(global) { context in
                let showOnly = status
                let result = try await context.run { runtime throws(LinkstrError) in
                    showOnly ? try await SavedLinkWebhook.status(in: runtime) : try await SavedLinkWebhook.sync(in: runtime)
                }
                if background { return }
                if global.json {
                    Terminal.printJSON(JSONRecords.WebhookSync(result))
                } else {
                    Terminal.write(result.summary(syncing: !showOnly) + "\n")
                }
                if !showOnly, result.outcome == .failed {
                    throw CLIFailure(.failed, result.failureSentence)
                }
            }
        }

        private func syncWithRelays() async throws {
            try await AccountContext.with(global, connects: true) { context in
                try await context.connect(forWriting: true)
                let report = try await context.run { runtime throws(LinkstrError) in try await SavedLinks.syncSavedLinksWithRelays(in: runtime) }
                if global.json {
                    Terminal.printJSON(RelaySync(received: report.received, applied: report.applied, published: report.published, pending: report.pending))
                } else {
                    Terminal.write(report.summary + "\n")
                }
                if let pending = report.pendingSentence { throw CLIFailure(.failed, pending) }
            }
        }
    }
}

extension SavedCommand {
    struct Export: AsyncParsableCommand {
        enum Format: String, ExpressibleByArgument, CaseIterable {
            case netscape, json
        }

        static let configuration = CommandConfiguration(
            commandName: "export", abstract: "Print your saved links as a bookmark file.",
            discussion: """
                netscape is the bookmarks.html every browser and bookmark manager (linkding, Karakeep,
                Linkwarden) imports, tags in the TAGS attribute; json is the records of
                `linkstr saved --json`. Removed links are left out.

                Example:
                  linkstr saved export --format netscape > bookmarks.html
                """)

        @OptionGroup var global: GlobalOptions
        @Option(help: "netscape or json.") var format: Format = .netscape

        func run() async throws {
            try await AccountContext.with(global) { context in
                switch format {
                case .netscape:
                    Terminal.write(try await context.run { runtime throws(LinkstrError) in try await SavedLinks.exportBookmarks(in: runtime) })
                case .json:
                    Terminal.write(SavedLinkExport.json(try await context.run { runtime throws(LinkstrError) in try await SavedLinks.savedLinks(in: runtime) }))
                }
            }
        }
    }
}

extension SavedCommand {
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import", abstract: "Save the links of a bookmark file (bookmarks.html) or of a JSON export.",
            discussion: """
                Reads the Netscape bookmark format that browsers, linkding, Karakeep and Linkwarden
                export: each link keeps its time, title, note and TAGS, and the path of its folder
                becomes one more tag (dev/tools; the browser's own toolbar and other-bookmarks folders
                are left out). A time in the future is taken as now. Also reads what
                `linkstr saved export --format json` writes, with every field (id, note, title, who
                shared it and in which session). Links you saved already get the file's tags added.
                Entries that are no web link (javascript:, place:) are skipped.

                Example:
                  linkstr saved import ~/Downloads/bookmarks.html
                  linkstr saved export --format json > saved.json; linkstr saved import saved.json
                """)

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The bookmark file, or - for standard input.") var file: String

        func run() async throws {
            let data: Data
            if file == "-" {
                data = FileHandle.standardInput.readDataToEndOfFile()
            } else {
                guard let read = FileManager.default.contents(atPath: file) else {
                    throw CLIFailure(.usage, "cannot read \(file); give the path of a bookmarks.html file")
                }
                data = read
            }
            let entries: [BookmarkEntry]
            do throws(LinkstrError) {
                entries = try BookmarkFile.entries(data, named: file)
            } catch {
                throw error.failure
            }
            try await AccountContext.with(global) { context in
                let report = try await context.run { runtime throws(LinkstrError) in try await SavedLinks.importBookmarks(entries, in: runtime) }
                if global.json {
                    Terminal.printJSON(Imported(imported: report.imported, merged: report.merged, skipped: report.skipped))
                } else {
                    Terminal.write(report.summary + "\n")
                }
            }
        }
    }
}

extension SavedCommand.Sync {
    /// `saved sync --relays`: `{"received","applied","published","pending"}`.
    struct RelaySync: Encodable {
        let received: Int
        let applied: Int
        let published: Int
        let pending: Int
    }
}

extension SavedCommand.Import {
    /// `{"imported","merged","skipped"}`: new links, links saved already, entries that are no web link.
    struct Imported: Encodable {
        let imported: Int
        let merged: Int
        let skipped: Int
    }
}
