/// Settings: the relays (with what was last seen of each, refreshed while the page is open), the
/// storage in use, and the secret key, shown only after an explicit request.
enum SettingsPage {
    static func render(
        relays: [RelayRow], storage: (data: Int64, cache: Int64), csrf: String, me: String, nsec: String? = nil, relayText: String = "",
        problem: String? = nil
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
                <section class="group" aria-labelledby="storage-title">
                <h2 id="storage-title">Storage</h2>
                <ul class="storage"><li>Sessions, keys and settings: <strong>\(bytes(storage.data))</strong></li>
                <li>Videos and thumbnails (cache): <strong>\(bytes(storage.cache))</strong></li></ul>
                </section>
                <section class="group" aria-labelledby="identity-title">
                <h2 id="identity-title">Secret key</h2>
                \(secret)
                </section>
                """)
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
