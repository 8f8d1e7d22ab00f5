/// The frame of every page: head (the theme's stylesheet, the one script), the top bar and `main`.
enum Layout {
    /// - Parameters:
    ///   - live: what the page follows live (`sessions`, or a session id); nil for none.
    ///   - me: the account's npub, shown in the top bar; nil during onboarding.
    static func page(title: String, csrf: String, live: String? = nil, me: String? = nil, current: String = "", body: String) -> String {
        let nav =
            me.map { npub in
                """
                <nav aria-label="Main">
                <a href="/"\(current == "sessions" ? " aria-current=\"page\"" : "")>Sessions</a>
                <a href="/saved"\(current == "saved" ? " aria-current=\"page\"" : "")>Saved</a>
                <a href="/contacts"\(current == "contacts" ? " aria-current=\"page\"" : "")>Contacts</a>
                <a href="/you"\(current == "you" ? " aria-current=\"page\"" : "")>You</a>
                <a href="/signer"\(current == "signer" ? " aria-current=\"page\"" : "")>Signer</a>
                <a href="/settings"\(current == "settings" ? " aria-current=\"page\"" : "")>Settings</a>
                </nav>
                \(switcher.map { ProfilesPage.switcher($0, csrf: csrf) } ?? "<a class=\"me\" href=\"/you\" title=\"\(HTML.escape(npub))\">\(HTML.escape(String(npub.prefix(12))))…</a>")
                """
            } ?? ""
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="csrf-token" content="\(HTML.escape(csrf))">
            <meta name="color-scheme" content="dark light">
            <title>\(HTML.escape(title)) · linkstr</title>
            <link rel="stylesheet" href="/assets/app.css">
            <script type="module" src="/assets/app.js"></script>
            </head>
            <body\(live.map { " data-live=\"\(HTML.escape($0))\"" } ?? "")\(switcher.map { " data-state=\"\(HTML.escape($0.state))\"" } ?? "")>
            <header class="bar"><a class="brand" href="/">linkstr</a>\(nav)</header>
            <main>
            \(body)
            </main>
            \(me == nil ? "" : shortcuts)
            </body>
            </html>
            """
    }

    /// The keyboard shortcuts (the script opens this on `?`; without it, there are none).
    static let keys: [(keys: String, what: String)] = [
        ("j / ↓", "next session or post"), ("k / ↑", "previous session or post"), ("Enter", "open the session, or play the post"),
        ("1 2 3", "react 👍 👎 👀 to the post"), ("r", "go to the post's reactions"), ("c", "write a post (the link field)"),
        ("/", "search the sessions"), ("Esc", "back to the sessions (or leave a field)"), ("?", "this list"),
    ]

    static var shortcuts: String {
        """
        <dialog id="shortcuts" aria-labelledby="shortcuts-title"><h2 id="shortcuts-title">Keyboard shortcuts</h2>
        <dl class="keys">\(keys.map { "<dt><kbd>\(HTML.escape($0.keys))</kbd></dt><dd>\(HTML.escape($0.what))</dd>" }.joined())</dl>
        <form method="dialog"><button type="submit" class="primary">Close</button></form></dialog>
        """
    }

    /// A message under a form: what went wrong, read out by screen readers when it appears.
    static func problem(_ text: String?) -> String {
        guard let text else { return "" }
        return "<p class=\"problem\" role=\"alert\">\(HTML.escape(text))</p>"
    }
}
