import LinkstrRuntime

/// What makes the open pages live: the runtime's ``WatchSupervisor`` on the app's account, as
/// `linkstr watch` runs it (notifications included) — unless another process (`linkstr watch`, the
/// service) already watches the home: then the app runs no second watch (each post would notify
/// twice) and reads what that one stores from the runtime's change feed, and takes the watch over
/// once that process stops. The relay list's changes (statuses, errors) are followed either way.
///
/// Thread rule: `run` once, in a task of its own; cancelling that task stops everything.
struct AppWatch: Sendable {
    let app: LinkstrApp
    let account: OpenedAccount
    let configuration: RuntimeConfiguration
    let live: LiveChanges

    /// How often the change feed is read while another process watches.
    static let feedInterval: Duration = .milliseconds(250)
    /// How often the app looks whether that process still watches (and after a watch failed, how
    /// long it waits before it watches again).
    static let watcherInterval: Duration = .seconds(2)

    func run() async {
        let relays = Task { [account, live] in
            for await _ in account.runtime.relays.changes() { live.publish(LiveChange(kind: "relays")) }
        }
        defer { relays.cancel() }
        while !Task.isCancelled {
            if let watcher = account.watcher() {
                account.host.log.log(.info, "another linkstr watch (\(watcher)) follows this home: the app shows what it stores and runs no watch of its own")
                live.publish(LiveChange(kind: "following"))
                await readChangeFeed()
            } else {
                await watch()
                // Stopped by a failure (said in the log): the next round looks again.
                try? await Task.sleep(for: Self.watcherInterval)
            }
        }
    }

    /// The runtime's watch, until it fails or the task is cancelled.
    private func watch() async {
        let apps = WatchSupervisor.Apps(
            configuration: configuration, open: { [app] in app },
            // The account stays the app's: the watch only leaves it connected to no relay.
            release: { app in await app.openedAccount?.runtime.disconnect() })
        let supervisor = WatchSupervisor(apps: apps, followsActiveProfile: false, stopsOnSignals: false)
        let live = self.live
        do {
            try await supervisor.run { event, _ in
                switch event {
                case .caughtUp: live.publish(LiveChange(kind: "watching"))
                case .change(let change): live.publish(LiveChange(StoredChange(change)))
                case .notice, .notification: break
                }
            }
        } catch {
            guard !Task.isCancelled else { return }
            account.host.log.log(.warn, "the app's watch stopped: \(error); live updates resume when it starts again")
        }
    }

    /// Reads the change feed every `feedInterval` while another process watches the home.
    private func readChangeFeed() async {
        let runtime = account.runtime
        var cursor: StoredChangeCursor?
        var looked = ContinuousClock.now
        while !Task.isCancelled {
            do throws(LinkstrError) {
                let read = try await ChangeFeed.storedChanges(after: cursor, in: runtime)
                cursor = read.cursor
                for change in read.changes { live.publish(LiveChange(change)) }
            } catch {
                account.host.log.log(.warn, "the app cannot read what the other watch stores: \(error)")
            }
            if looked.duration(to: .now) >= Self.watcherInterval {
                guard account.watcher() != nil else { return }
                looked = .now
            }
            try? await Task.sleep(for: Self.feedInterval)
        }
    }
}
