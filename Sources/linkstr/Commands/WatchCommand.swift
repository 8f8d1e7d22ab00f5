import ArgumentParser
import Dispatch
import Glibc
import LinkstrHost
import LinkstrRuntime

struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch", abstract: "Stay connected and print each accepted change as it happens.",
        discussion: """
            Catches up first (like sync), then follows the relays until interrupted (Ctrl-C or
            SIGTERM). Each change is printed once its data is stored. Live posts and reactions from
            others notify through the notifiers of config.toml (notifiers = [...]); without that
            setting, through desktop notifications when the desktop has a notification server (if
            not, watch says once how to turn notifications on).

            Example:
              linkstr watch --json
              {"type":"post","id":"…","session":"…","sender":"…","url":"https://…","created_at":1732262400,"unread":true}
            """)

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("The longest to wait for a relay, and for each page of history, in seconds.", valueName: "seconds"))
    var timeout: Int = 15

    func run() async throws {
        let context = try AccountContext.open(global, connects: true)
        defer { context.host.stop() }
        try await context.connect(forWriting: false, timeout: .seconds(timeout))
        let dispatcher = NotificationDispatcher.start(host: context.host)
        if let notice = dispatcher.notice { Terminal.writeError("linkstr: \(notice)\n") }
        let json = global.json
        let style = HumanOutput.current.style
        let watching = Task {
            try await context.run { runtime throws(RuntimeError) in
                let caughtUp: @Sendable () -> Void = {
                    // The boot is over; on a terminal, say that it keeps listening.
                    let status = StatusLine.shared
                    status.finishSteps()
                    if status.enabled { Terminal.writeError(HumanOutput.errorStyle.paint("watching for new posts and reactions · Ctrl-C to stop", Palette.comment) + "\n") }
                }
                try await runtime.watch(timeout: .seconds(timeout), caughtUp: caughtUp) { report, _ in
                    for change in report.changes {
                        if json {
                            Terminal.printJSON(JSONRecords.change(change))
                        } else {
                            let names = await ChangeLine.Names.resolve(change, runtime: runtime)
                            Terminal.write(ChangeLine.describe(change, names: names, style: style) + "\n")
                        }
                    }
                    for request in report.notifications where !dispatcher.isEmpty {
                        _ = await dispatcher.deliver(await runtime.notification(for: request))
                    }
                }
            }
        }
        let stop = StopSignals { watching.cancel() }
        defer { stop.cancel() }
        do {
            try await watching.value
        } catch let failure as CLIFailure where Task.isCancelled || watching.isCancelled {
            _ = failure
        }
        dispatcher.stop()
        await context.close()
    }
}
