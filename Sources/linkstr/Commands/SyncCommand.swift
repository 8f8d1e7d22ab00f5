import ArgumentParser
import Foundation
import Glibc
import LinkstrRuntime
import LinkstrTerminal

struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync", abstract: "Connect, fetch everything new from the relays, store it, and exit.",
        discussion: """
            The first sync fetches the whole history (and marks it read); later ones start two days
            before the previous sync, because gift wraps are backdated by up to two days. Messages that
            still wait for something (a session you are not in yet, a post, a member list) when the
            sync ends are counted as staged, said in words, and kept: they are applied when it
            arrives. A member's whole history is shown even when their session arrives after their
            posts (what the staging area could not hold is fetched again before `sync` returns).
            Ctrl-C (or SIGTERM) stops it: what arrived until then is stored, it says how much, and
            the next sync fetches the rest (exit status 130).

            Example:
              linkstr sync --json
              {"accepted":12,"received":14,"rejected":1,"rejections":{"a post needs a URL":1},"staged":1,
               "waiting":{"posts wait for a session you are not in yet":1}}
            """)

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("The longest to wait for a relay, and for each page of history, in seconds.", valueName: "seconds"))
    var timeout: Int = 15

    func run() async throws {
        guard timeout > 0 else { throw CLIFailure(.usage, "--timeout must be a positive number of seconds") }
        try await AccountContext.with(global, connects: true) { context in
            try await context.connect(forWriting: false, timeout: .seconds(timeout))
            // On a terminal: a bar with what arrived and the backfill page; nothing when piped.
            let bar = StatusLine.shared.enabled ? ProgressBar("syncing") : nil
            let progress = bar.map { bar in
                { @Sendable (progress: SyncProgress) in
                    bar.update(
                        fraction: nil,
                        detail: "\(progress.received) received · \(progress.accepted) accepted" + (progress.pages > 0 ? " · page \(progress.pages)" : ""))
                }
            }
            let runtime = context.runtime
            let seconds = timeout
            let syncing = Task { try await InboxSync.sync(timeout: .seconds(seconds), progress: progress, in: runtime) }
            let stop = Self.cancelOnInterrupt(syncing)
            defer { stop.forEach { $0.cancel() } }
            let report = try await syncing.value
            if report.interrupted {
                StatusLine.shared.clear()
                if global.json { Terminal.printJSON(JSONRecords.SyncCounts(report)) }
                throw CLIFailure(
                    .interrupted,
                    "stopped; \(report.received) received wrap\(report.received == 1 ? " is" : "s are") stored (\(report.accepted) accepted), "
                        + "the rest comes with the next sync")
            }
            await context.opened.notePublishedName()
            StatusLine.shared.finishSteps()
            for relay in report.unfinishedRelays {
                Terminal.writeError(
                    "linkstr: warning: \(relay) did not finish sending its history within \(timeout) s; what it holds may be incomplete: "
                        + "run `linkstr sync` again, or with a longer --timeout\n")
            }
            if global.json {
                Terminal.printJSON(JSONRecords.SyncCounts(report))
                return
            }
            Terminal.write("received \(report.received), accepted \(report.accepted), staged \(report.staged), rejected \(report.rejected)\n")
            for (waiting, count) in report.waiting.sorted(by: { ($0.value, $1.key.key) > ($1.value, $0.key.key) }) {
                Terminal.write("  \(waiting.sentence(count: count))\n")
            }
            for (reason, count) in report.rejections.sorted(by: { $0.value > $1.value }) {
                Terminal.write("  rejected \(count)× \(TerminalText.line(reason))\n")
            }
        }
    }

    /// Cancels `task` on SIGINT or SIGTERM (instead of dying with the batch not yet stored); the
    /// returned sources are cancelled once it is done.
    static func cancelOnInterrupt(_ task: Task<SyncReport, any Error>) -> [DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number)
            source.setEventHandler { task.cancel() }
            source.resume()
            return source
        }
    }
}
