import LinkstrRuntime

/// Shows the result of a save that no terminal shows (`save --quiet`, a `linkstr://save` link
/// opened with --quiet) through the active notifiers — the desktop's
/// notifications unless config.toml chooses others.
enum SaveFeedback {
    static func show(_ request: NotificationRequest, _ global: GlobalOptions) async {
        _ = try? await global.withPlugins { host in
            let dispatcher = NotificationDispatcher.start(host: host)
            defer { dispatcher.stop() }
            if let notice = dispatcher.notice { host.log.log(.warn, notice) }
            _ = await dispatcher.deliver(request)
        }
    }

    /// How long a save question waits for "Allow" or "Deny".
    static let questionTimeout: Duration = .seconds(60)

    /// Asks with a desktop notification whether to save `text` (the link and its tags): true for
    /// "Allow", false for "Deny", nil when no notifier with actions showed it or no answer came in time.
    static func confirm(_ text: String, _ global: GlobalOptions) async -> Bool? {
        let answer = try? await global.withPlugins { host in
            let dispatcher = NotificationDispatcher.start(host: host)
            defer { dispatcher.stop() }
            return await dispatcher.ask(.saveQuestion(text), timeout: questionTimeout).map { $0 == "allow" }
        }
        return answer ?? nil
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
