import LinkstrHost
import Synchronization

/// Sends notifications through every active notifier — the plugin ids listed in `notifiers = [...]`
/// of config.toml — and reports how each did. When config.toml does not set `notifiers`, the
/// desktop notifier is active if a notification server answers on the session bus; if none does,
/// `notice` says how to turn notifications on.
///
/// - Privacy: each notifier gets generic text ("New link") unless its section sets
///   `include_content = true`; only then does it see the sender, URL, note, emoji and deep link.
///   The session name ("New link in Weekend") goes to the desktop notifier (a local screen), and to
///   others only with `include_session = true` or `include_content = true`.
/// - At most once: ids of sent notifications are kept in `<state>/notified.ids`, so an event that
///   comes again — also after a restart — is dropped. Test notifications are not recorded.
/// - Misconfiguration is local: a notifier that is not installed or refuses its settings is reported
///   when the dispatcher starts (a warning) and in every outcome; the others work. A notifier that
///   is merely not available now (no D-Bus, server down) stays active and is tried each time.
/// - Actions: "Open" on a desktop notification opens the post's link (`xdg-open`, or the notifier's
///   `open_command`); a click on the notification itself opens the post in the app (`appCommand`,
///   or the notifier's `app_command`, with the post's `linkstr://open` link), or without one the
///   link as "Open" does; "Allow" and "Deny" answer a question (`ask`).
/// - A notifier cannot hold the host: each call waits at most the notifier's answer timeout
///   (`answer_timeout_seconds`, 10 s), its `notify` runs on a thread of its own, and `post` hands a
///   notification to a queue per notifier and returns at once.
///
/// Thread rules: `start`, `drain` and `stop` are control calls; `deliver` and `post` may run
/// concurrently from any task.
public final class NotificationDispatcher: Sendable {
    private let log: HostLog
    /// The configured ids, in order, each with its notifier or the reason it did not start.
    let notifiers: [(pluginID: String, notifier: Result<ActiveNotifier, NotifierStartFailure>)]
    private let sent: NotifiedIDLog
    private let links: RecentLinks
    let questions: PendingQuestions
    /// Set when notifications are off because the configuration left them to the desktop and there
    /// is none: what to do to get them (for the person, once).
    public let notice: String?
    private let stopped = Mutex(false)
    /// One per configured notifier, in `notifiers` order, for `post`.
    private let queues: Mutex<[NotifierQueue]> = Mutex([])

    /// How long `stop` waits for calls still inside a notifier's functions before it leaves the
    /// notifier undestroyed.
    static let stopTimeout: Duration = .seconds(1)

    private init(
        log: HostLog, notifiers: [(pluginID: String, notifier: Result<ActiveNotifier, NotifierStartFailure>)],
        sent: NotifiedIDLog, links: RecentLinks, questions: PendingQuestions, notice: String?
    ) {
        self.notice = notice
        self.log = log
        self.notifiers = notifiers
        self.sent = sent
        self.links = links
        self.questions = questions
    }

    deinit {
        stop()
    }

    /// Starts the configured notifiers from the host's loaded plugins: creates each, probes it (a
    /// notifier that is not available is logged as a warning and kept), and installs the action
    /// handler of those that have actions.
    ///
    /// - Parameters:
    ///   - stateDirectory: where `notified.ids` lives; the host's state folder by default.
    ///   - appCommand: the program and arguments that open a post in the app (the front end's
    ///     `linkstr app`); nil: a click on a notification opens its link.
    public static func start(host: LinkstrHost, stateDirectory: String? = nil, appCommand: [String]? = nil) -> NotificationDispatcher {
        let links = RecentLinks()
        let questions = PendingQuestions()
        let sent = NotifiedIDLog(path: (stateDirectory ?? host.paths.stateDirectory) + "/notified.ids")
        guard let configured = host.configuration.notifiers else {
            do {
                let desktop = try startNotifier(
                    desktopNotifier, host: host, links: links, questions: questions, appCommand: appCommand, requireAvailable: true)
                return NotificationDispatcher(
                    log: host.log, notifiers: [(desktopNotifier, .success(desktop))], sent: sent, links: links, questions: questions, notice: nil)
            } catch {
                let notice = "notifications are off: \(error). To get them, set notifiers = [...] in \(host.paths.configFile) "
                    + "(org.linkstr.notify.http for a phone push, org.linkstr.notify.command for a program) and check with `linkstr notify test`."
                return NotificationDispatcher(log: host.log, notifiers: [], sent: sent, links: links, questions: questions, notice: notice)
            }
        }
        var seen = Set<String>()
        let notifiers = configured.filter { seen.insert($0).inserted }.map { pluginID in
            let started = Result { () throws(NotifierStartFailure) in
                try startNotifier(pluginID, host: host, links: links, questions: questions, appCommand: appCommand)
            }
            if case .failure(let failure) = started {
                host.log.log(.warn, "notifier '\(pluginID)' is off: \(failure)")
            }
            return (pluginID: pluginID, notifier: started)
        }
        return NotificationDispatcher(log: host.log, notifiers: notifiers, sent: sent, links: links, questions: questions, notice: nil)
    }

    /// The notifier used when config.toml does not choose.
    public static let desktopNotifier = "org.linkstr.notify.desktop"

    /// Whether any notifier is active.
    public var isEmpty: Bool { notifiers.isEmpty }

    /// Sends `request` through every active notifier at once and waits for all of them (each at most
    /// its answer timeout).
    ///
    /// A request whose id was sent before is dropped (`duplicate`). The id is recorded before sending,
    /// so a crash halfway loses the notification instead of repeating it.
    public func deliver(_ request: NotificationRequest) async -> NotificationOutcome {
        guard admit(request) else { return NotificationOutcome(duplicate: true, results: []) }
        let results = await withTaskGroup(of: (Int, NotifierResult).self) { group in
            for (index, entry) in notifiers.enumerated() {
                group.addTask { (index, await self.deliver(request, through: entry.pluginID, entry.notifier)) }
            }
            var results: [NotifierResult?] = Array(repeating: nil, count: notifiers.count)
            for await (index, result) in group { results[index] = result }
            return results.compactMap { $0 }
        }
        for result in results { report(result, for: request) }
        return NotificationOutcome(duplicate: false, results: results)
    }

    /// Hands `request` to each notifier's queue and returns at once; failures are logged. A request
    /// whose id was sent before is dropped, as by `deliver`.
    public func post(_ request: NotificationRequest) {
        guard !stopped.withLock({ $0 }), admit(request) else { return }
        let queues = queues.withLock { queues in
            if queues.isEmpty && !notifiers.isEmpty {
                queues = notifiers.map { entry in
                    NotifierQueue(pluginID: entry.pluginID, log: log) { [weak self] request in
                        guard let self else { return }
                        let result = await deliver(request, through: entry.pluginID, entry.notifier)
                        report(result, for: request)
                    }
                }
            }
            return queues
        }
        for queue in queues { queue.post(request) }
    }

    /// Waits for the posted notifications to go out, at most `timeout` for each notifier (they wait
    /// at once); what is left then is dropped (and logged).
    public func drain(within timeout: Duration) async {
        let queues = queues.withLock { $0 }
        await withTaskGroup(of: Void.self) { group in
            for queue in queues { group.addTask { await queue.drain(within: timeout) } }
        }
    }

    /// Records an event's id as sent and remembers its link; false for an id sent before.
    private func admit(_ request: NotificationRequest) -> Bool {
        if request.kind.isEvent {
            do {
                guard try sent.insert(request.id) else { return false }
            } catch {
                log.log(.error, "cannot record notification \(request.id) as sent (\(error)); it may be sent again after a restart")
            }
        }
        if let url = request.url { links.remember(RecentLinks.Links(url: url, post: request.deepLink), for: request.id) }
        return true
    }

    /// Logs a notifier's failure with an event.
    private func report(_ result: NotifierResult, for request: NotificationRequest) {
        guard request.kind.isEvent, !result.ok else { return }
        log.log(.warn, "notification \(request.id) not delivered: \(result.error ?? "unknown error")", source: result.pluginID)
    }

    /// Drops the queued notifications, removes the action handlers and destroys the notifiers
    /// (cancelling their deliveries in progress). A notifier still inside one of its functions after
    /// `stopTimeout` is left as it is, not destroyed (logged). Later `deliver` calls report that the
    /// dispatcher is stopped. Idempotent.
    public func stop() {
        let wasStopped = stopped.withLock { stopped in
            defer { stopped = true }
            return stopped
        }
        guard !wasStopped else { return }
        queues.withLock { $0 }.forEach { $0.close() }
        for case .success(let active) in notifiers.map(\.notifier) {
            guard active.plugin.destroy(waiting: Self.stopTimeout) else {
                log.log(.warn, "notifier '\(active.pluginID)' is still inside notify after \(PluginCall.text(Self.stopTimeout)); it is left running", source: active.pluginID)
                continue
            }
        }
    }

    func deliver(
        _ request: NotificationRequest, through pluginID: String, _ notifier: Result<ActiveNotifier, NotifierStartFailure>
    ) async -> NotifierResult {
        let active: ActiveNotifier
        switch notifier {
        case .success(let started): active = started
        case .failure(let failure): return NotifierResult(pluginID: pluginID, ok: false, error: failure.description)
        }
        let message = request.message(
            includingContent: active.preferences.includeContent, includingSession: active.preferences.includeSession)
        let outcome = await active.plugin.notify(message, deadline: active.preferences.answerTimeout, log: log)
        switch outcome {
        case .success: return NotifierResult(pluginID: pluginID, ok: true)
        case .failure(let error): return NotifierResult(pluginID: pluginID, ok: false, error: error.description)
        }
    }
}
