/// Settings: the relays (with what was last seen of each, refreshed while the page is open), the
/// storage in use, and the secret key, shown only after an explicit request.
enum SettingsPage {
    /// Notifications as config.toml sets them, and the last test's outcome (each notifier, or why none ran).
    struct Notifications: Sendable {
        var from: String
        var notifiers: [String]?
        var tested: [(notifier: String, problem: String?)]? = nil
        var testProblem: String? = nil
        /// Why a change was refused, and the list as typed.
        var changeProblem: String? = nil
        var typedList: String? = nil
    }

    static func render(
        relays: [RelayRow], storage: (data: Int64, cache: Int64), notifications: Notifications, csrf: String, me: String, nsec: String? = nil,
        relayText: String = "", problem: String? = nil
    ) -> String {
        let secret =
            nsec.map { nsec in
                """
                <p class="lead">This is your password: anyone who has it is you. Keep it somewhere safe and never share it.</p>
                <input id="nsec" class="secret" readonly value="\(HTML.escape(nsec))" aria-label="Your secret key (nsec)">
                <button type="button" data-copy="nsec">Copy</button>
                """
            }
            ?? """
            <form method="post" action="/settings/reveal">\(HTML.csrfField(csrf))
            <p class="lead">Your secret key (nsec) signs you in on another device. It is shown only when you ask.</p>
            <button type="submit">Reveal the secret key</button></form>
            """
        return Layout.page(
            title: "Settings", csrf: csrf, live: "settings", me: me, current: "settings",
            body: """
                <h1>Settings</h1>
                <section class="group" aria-labelledby="relays-title">
                <h2 id="relays-title">Relays</h2>
                <div id="live">\(relayList(relays, csrf: csrf))</div>
                <form method="post" action="/settings/relays" class="inline-form" aria-label="Add a relay">
                \(HTML.csrfField(csrf))<input type="hidden" name="action" value="add">
                <label for="relay">Add a relay</label>
                <div class="row"><input id="relay" name="url" placeholder="wss://relay.example.com" value="\(HTML.escape(relayText))" spellcheck="false" autocomplete="off">
                <button type="submit" class="primary">Add</button></div>
                </form>
                <form method="post" action="/settings/relays">\(HTML.csrfField(csrf))<input type="hidden" name="action" value="reset">
                <button type="submit">Reset to the defaults</button></form>
                \(Layout.problem(problem))
                </section>
                <section class="group" aria-labelledby="notifications-title">
                <h2 id="notifications-title">Notifications</h2>
                \(notificationsSection(notifications, csrf: csrf))
                </section>
                <section class="group" aria-labelledby="storage-title">
                <h2 id="storage-title">Storage</h2>
                <ul class="storage"><li>Sessions, keys and settings: <strong>\(bytes(storage.data))</strong></li>
                <li>Videos and thumbnails (cache): <strong>\(bytes(storage.cache))</strong></li></ul>
                </section>
                <section class="group" aria-labelledby="identity-title">
                <h2 id="identity-title">Secret key</h2>
                \(secret)
                </section>
                <section class="group" aria-labelledby="account-title">
                <h2 id="account-title">Account</h2>
                <p class="lead">Each asks first.</p>
                <div class="row wrap"><a class="button" href="/settings/end/logout">Log out</a>
                <a class="button" href="/settings/end/clear">Log out and clear data</a>
                <a class="button danger" href="/settings/end/delete">Delete the account</a></div>
                </section>
                """)
    }

    /// The confirmation of an ending, with the command line's words; deleting the account asks for
    /// the npub typed, as `linkstr account delete --confirm NPUB` does.
    static func confirmEnding(_ ending: AccountEnding, npub: String, csrf: String, typed: String = "", problem: String? = nil) -> String {
        let (title, question, button): (String, String, String)
        switch ending {
        case .logOut:
            (title, question, button) = (
                "Log out?", "Delete the key of \(npub) from this machine? Without a backup (Settings → Reveal the secret key) it is gone. "
                    + "Your sessions and posts stay here, encrypted, for when you sign in with the key again.", "Log out")
        case .logOutClearingData:
            (title, question, button) = (
                "Log out and clear data?", "Delete the key of \(npub) from this machine? Without a backup (Settings → Reveal the secret key) it is gone. "
                    + "Every session, post and contact of the account is deleted from this computer too; the relay list stays.", "Log out and clear data")
        case .deleteAccount:
            (title, question, button) = (
                "Delete the account?", "This publishes an empty follow list and a request to vanish to your relays, then deletes the key and every "
                    + "local record of \(npub). Type your npub to confirm.", "Delete the account")
        }
        let confirm =
            ending == .deleteAccount
            ? "<label for=\"confirm\">Your npub</label><input id=\"confirm\" name=\"confirm\" required spellcheck=\"false\" autocomplete=\"off\" value=\"\(HTML.escape(typed))\">"
            : "<input type=\"hidden\" name=\"confirm\" value=\"yes\">"
        return Layout.page(
            title: title, csrf: csrf, me: npub, current: "settings",
            body: """
                <div class="title-row"><a class="back" href="/settings" aria-label="Back to the settings">‹</a><h1>\(HTML.escape(title))</h1></div>
                <form method="post" action="/settings/end/\(ending.rawValue)" class="group">
                \(HTML.csrfField(csrf))
                <p>\(HTML.escape(question))</p>
                \(confirm)
                <div class="actions confirm"><a class="button" href="/settings">Cancel</a><button type="submit" class="danger">\(HTML.escape(button))</button></div>
                \(Layout.problem(problem))
                </form>
                """)
    }

    static func notificationsSection(_ notifications: Notifications, csrf: String) -> String {
        let from = notifications.from == "contacts" ? "only your contacts" : "anyone in a session with you"
        let through = notifications.notifiers.map { $0.isEmpty ? "none (notifications are off)" : $0.joined(separator: ", ") }
            ?? "desktop notifications, when a notification server answers"
        var results = ""
        if let tested = notifications.tested {
            results = "<ul class=\"results\" role=\"status\">" + tested.map { result in
                "<li>\(HTML.escape(result.notifier)): \(result.problem.map { "failed: " + HTML.escape($0) } ?? "sent")</li>"
            }.joined() + "</ul>"
        }
        return """
            <p>New posts notify when they come from <strong>\(from)</strong>, through <strong>\(HTML.escape(through))</strong>.</p>
            \(notificationsForm(notifications, csrf: csrf))
            <form method="post" action="/settings/notify-test">\(HTML.csrfField(csrf))<button type="submit">Send a test notification</button></form>
            \(results)\(Layout.problem(notifications.testProblem))
            """
    }

    /// Changes who may notify and through what: written into config.toml (`[notify] from`,
    /// `notifiers`), where a watch reads them when it starts.
    static func notificationsForm(_ notifications: Notifications, csrf: String) -> String {
        let selected = { (value: String) in notifications.from == value ? " selected" : "" }
        let mode = notifications.notifiers.map { $0.isEmpty ? "none" : "list" } ?? "default"
        let checked = { (value: String) in mode == value ? " checked" : "" }
        let list = notifications.typedList ?? notifications.notifiers?.joined(separator: ", ") ?? ""
        return """
            <form method="post" action="/settings/notifications" class="notify-settings" aria-label="Notification settings">
            \(HTML.csrfField(csrf))
            <label for="notify-from">Notify for new posts and reactions from</label>
            <select id="notify-from" name="from"><option value="members"\(selected("members"))>anyone in a session with you</option>\
            <option value="contacts"\(selected("contacts"))>only your contacts</option></select>
            <fieldset><legend>Through</legend>
            <label><input type="radio" name="through" value="default"\(checked("default"))> desktop notifications, when a notification server answers (the default)</label>
            <label><input type="radio" name="through" value="none"\(checked("none"))> none: notifications off</label>
            <label><input type="radio" name="through" value="list"\(checked("list"))> the notifier plugins below</label>
            </fieldset>
            <label for="notifiers">Notifier plugins (their ids, separated by commas)</label>
            <input id="notifiers" name="notifiers" type="text" value="\(HTML.escape(list))" spellcheck="false">
            <p class="hint">Kept in config.toml (<code>[notify] from</code>, <code>notifiers</code>); a watch that runs already — the service, \
            <code>linkstr watch</code>, this app's own — uses a change once it starts again.</p>
            <div class="actions"><button type="submit">Save notifications</button></div>
            \(Layout.problem(notifications.changeProblem))
            </form>
            """
    }

    /// One row per relay: a status dot, its address, its last error, and its controls.
    static func relayList(_ relays: [RelayRow], csrf: String) -> String {
        guard !relays.isEmpty else { return "<p class=\"empty\">No relays: add one below, or reset to the defaults.</p>" }
        return "<ul class=\"relays\">"
            + relays.map { relay in
                let state = !relay.enabled ? "off" : relay.status == "connected" ? "ok" : relay.status == nil ? "unknown" : "bad"
                let said = !relay.enabled ? "disabled" : relay.status ?? "not contacted yet"
                let toggle = relay.enabled ? "disable" : "enable"
                let control = { (action: String, label: String) in
                    "<form method=\"post\" action=\"/settings/relays\">\(HTML.csrfField(csrf))<input type=\"hidden\" name=\"action\" value=\"\(action)\">"
                        + "<input type=\"hidden\" name=\"url\" value=\"\(HTML.escape(relay.url))\"><button type=\"submit\" class=\"small\" aria-label=\"\(label) \(HTML.escape(relay.url))\">\(label)</button></form>"
                }
                return """
                    <li class="relay"><span class="status \(state)" aria-hidden="true"></span>
                    <span class="text"><code class="name">\(HTML.escape(relay.url))</code><span class="meta">\(HTML.escape(said)) · \(HTML.escape(relay.source))</span>\(relay.error.map { "<span class=\"relay-error\">\(HTML.escape($0))</span>" } ?? "")</span>
                    \(control(toggle, toggle == "enable" ? "Enable" : "Disable"))\(control("remove", "Remove"))</li>
                    """
            }.joined() + "</ul>"
    }

    /// "532 bytes", "4.2 MB" (powers of 1000, as file managers say).
    static func bytes(_ count: Int64) -> String {
        let units = ["bytes", "KB", "MB", "GB", "TB"]
        var value = Double(count), unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return unit == 0 ? "\(count) bytes" : String(format: "%.1f", value) + " " + units[unit]
    }
}
