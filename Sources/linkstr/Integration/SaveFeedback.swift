import LinkstrHost
import LinkstrRuntime

/// Shows the result of a save that no terminal shows (`save --quiet`, the desktop's Save link
/// action, a `linkstr://save` link opened with --quiet) through the active notifiers — the desktop's
/// notifications unless config.toml chooses others.
enum SaveFeedback {
    static func show(_ request: NotificationRequest, _ global: GlobalOptions) async {
        guard let host = try? global.openHost() else { return }
        defer { host.stop() }
        guard (try? global.loadPlugins(host)) != nil else { return }
        let dispatcher = NotificationDispatcher.start(host: host)
        defer { dispatcher.stop() }
        if let notice = dispatcher.notice { host.log.log(.warn, notice) }
        _ = await dispatcher.deliver(request)
    }

    /// Runs a save; with `quiet`, tells its result — or why it failed — as a notification.
    static func run(quiet: Bool, _ global: GlobalOptions, _ save: () async throws -> SaveOutcome) async throws {
        guard quiet, !global.json else {
            _ = try await save()
            return
        }
        do {
            await show(.saved(try await save()), global)
        } catch let failure as CLIFailure {
            await show(.notSaved(failure.message), global)
            throw failure
        }
    }
}
