import Dispatch
import LinkstrHost
import LinkstrPluginKit
import PluginABI
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
///   `open_command`); "Allow" and "Deny" answer a question (`ask`).
///
/// Thread rules: `start` and `stop` are control calls; `deliver` may run concurrently from any task.
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
    /// `notify` calls in progress; `stop` waits for them before destroying the notifiers.
    private let calls = DispatchGroup()

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
    /// - Parameter stateDirectory: where `notified.ids` lives; the host's state folder by default.
    public static func start(host: LinkstrHost, stateDirectory: String? = nil) -> NotificationDispatcher {
        let links = RecentLinks()
        let questions = PendingQuestions()
        let sent = NotifiedIDLog(path: (stateDirectory ?? host.paths.stateDirectory) + "/notified.ids")
        guard let configured = host.configuration.notifiers else {
            do {
                let desktop = try startNotifier(desktopNotifier, host: host, links: links, questions: questions, requireAvailable: true)
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
            let started = Result { () throws(NotifierStartFailure) in try startNotifier(pluginID, host: host, links: links, questions: questions) }
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

    /// Sends `request` through every active notifier at once and waits for all of them.
    ///
    /// A request whose id was sent before is dropped (`duplicate`). The id is recorded before sending,
    /// so a crash halfway loses the notification instead of repeating it.
    public func deliver(_ request: NotificationRequest) async -> NotificationOutcome {
        if request.kind.isEvent {
            do {
                guard try sent.insert(request.id) else { return NotificationOutcome(duplicate: true, results: []) }
            } catch {
                log.log(.error, "cannot record notification \(request.id) as sent (\(error)); it may be sent again after a restart")
            }
        }
        if let url = request.url { links.remember(url, for: request.id) }
        let results = await withTaskGroup(of: (Int, NotifierResult).self) { group in
            for (index, entry) in notifiers.enumerated() {
                group.addTask { (index, await self.deliver(request, through: entry.pluginID, entry.notifier)) }
            }
            var results: [NotifierResult?] = Array(repeating: nil, count: notifiers.count)
            for await (index, result) in group { results[index] = result }
            return results.compactMap { $0 }
        }
        if request.kind.isEvent {
            for result in results where !result.ok {
                log.log(.warn, "notification \(request.id) not delivered: \(result.error ?? "unknown error")", source: result.pluginID)
            }
        }
        return NotificationOutcome(duplicate: false, results: results)
    }

    /// Removes the action handlers and destroys the notifiers (cancelling their deliveries in
    /// progress). Later `deliver` calls report that the dispatcher is stopped. Idempotent.
    public func stop() {
        let wasStopped = stopped.withLock { stopped in
            defer { stopped = true }
            return stopped
        }
        guard !wasStopped else { return }
        calls.wait()
        for case .success(let active) in notifiers.map(\.notifier) {
            if active.router != nil, let setHandler = active.capability.vtable.pointee.set_action_handler {
                var error = LKHErrorSlot.make()
                _ = setHandler(active.capability.rawInstance, nil, nil, &error)
            }
            active.capability.instance.destroy()
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
        let admitted = stopped.withLock { stopped in
            if !stopped { calls.enter() }
            return !stopped
        }
        guard admitted else { return NotifierResult(pluginID: pluginID, ok: false, error: "the notification dispatcher is stopped") }
        let outcome = await NotifierCall.notify(
            active.capability, request, includeContent: active.preferences.includeContent,
            includeSession: active.preferences.includeSession, callReturned: { calls.leave() })
        switch outcome {
        case .success: return NotifierResult(pluginID: pluginID, ok: true)
        case .failure(let error): return NotifierResult(pluginID: pluginID, ok: false, error: error.description)
        }
    }
}
