import LinkstrRuntime

/// What the signer page shows of linkstr as a bunker.
struct SignerView: Sendable {
    /// A new client's question: who asks, and for each permission what it allows, in the runtime's words.
    struct QuestionRow: Sendable {
        var id: String
        var headline: String
        var grants: [(permission: String, meaning: String)]
        var askedAt: Int64
    }

    /// A website's question from the browser helper: its origin, the profile, the request and what allowing it lets the site do.
    struct SiteQuestionRow: Sendable {
        var id: String
        var origin: String
        var profile: String
        /// `method[:kind]`.
        var request: String
        var meaning: String
        var askedAt: Int64
    }

    struct ClientRow: Sendable {
        var npub: String
        var name: String?
        var grants: [(permission: String, meaning: String)]
        var approvedAt: Int64
        /// Approved "always" (else once: until the bunker stops).
        var remembered: Bool

        init(_ client: BunkerClient, remembered: Bool) {
            npub = client.pubkey.npub
            name = client.name
            grants = client.permissions.map { (permission: $0.description, meaning: $0.meaning) }
            approvedAt = client.approvedAt
            self.remembered = remembered
        }
    }

    struct LogRow: Sendable {
        var time: Int64
        var method: String
        var kind: Int?
        var eventID: String?
        /// The client's name and npub, or its npub once it is forgotten.
        var client: String
    }

    var serving: Bool
    var listening: Bool
    /// The `bunker://` link new clients connect with (its secret is good for one client).
    var link: String?
    var relays: [String]
    var qr: (size: Int, modules: [Bool])?
    /// Why the bunker stopped by itself.
    var problem: String?
    var questions: [QuestionRow]
    /// Websites' questions from the browser helper (NIP-07).
    var sites: [SiteQuestionRow]
    var clients: [ClientRow]
    /// Newest first.
    var log: [LogRow]
}

/// Signer: linkstr as a bunker for other Nostr clients — start and stop it, its link and QR code,
/// the new clients' questions (allow once, always, deny), the approved clients and the log. The
/// live region follows the bunker: a question appears without a reload.
enum SignerPage {
    static func render(_ view: SignerView, now: Int64, csrf: String, me: String, problem: String? = nil) -> String {
        Layout.page(
            title: "Signer", csrf: csrf, live: SignerDesk.liveName, me: me, current: "signer",
            body: """
                <h1>Signer</h1>
                <p class="lead">Let another Nostr client (a web client, a phone app, a bot) sign with your key, which stays on this computer.
                Each new client asks you here first, and gets only what it asks for.
                (Your key in another signer? <a href="/signer/remote">Use a remote signer</a>.)
                While this app is open, websites asking through the linkstr browser extension are answered here too.</p>
                \(Layout.problem(problem))
                <div id="live">\(live(view, now: now, csrf: csrf))</div>
                """)
    }

    /// The part that follows the bunker (also the page's fragment).
    static func live(_ view: SignerView, now: Int64, csrf: String) -> String {
        BrowserHelperPage.questions(view.sites, now: now, csrf: csrf) + serving(view, csrf: csrf) + questions(view.questions, now: now, csrf: csrf) + clients(view.clients, now: now, csrf: csrf) + log(view.log, now: now)
    }

    private static func serving(_ view: SignerView, csrf: String) -> String {
        guard view.serving, let link = view.link else {
            return """
                <section class="group" aria-labelledby="serving-title">
                <h2 id="serving-title">Not serving</h2>
                <p>Start to get a <code>bunker://</code> link to give to the other client.</p>
                \(Layout.problem(view.problem.map { "The bunker stopped: \($0)" }))
                <form method="post" action="/signer/start">\(HTML.csrfField(csrf))<button type="submit" class="primary" id="signer-start">Start serving</button></form>
                </section>
                """
        }
        let status = view.listening ? "Listening on \(view.relays.joined(separator: ", "))" : "Connecting to \(view.relays.joined(separator: ", "))…"
        return """
            <section class="group signer-link" aria-labelledby="serving-title">
            <h2 id="serving-title">Serving</h2>
            <p class="hint" role="status">\(HTML.escape(status))</p>
            <div class="identity">
            \(view.qr.map { YouPage.qrCode(size: $0.size, modules: $0.modules, label: "QR code of the bunker link") } ?? "")
            <div class="identity-text">
            <label for="bunker-link">Give this link to the other client (its secret is good for one new client)</label>
            <input id="bunker-link" class="secret" readonly value="\(HTML.escape(link))" spellcheck="false">
            <button type="button" data-copy="bunker-link">Copy</button>
            </div>
            </div>
            <form method="post" action="/signer/stop">\(HTML.csrfField(csrf))<button type="submit">Stop serving</button></form>
            </section>
            """
    }

    private static func grants(_ grants: [(permission: String, meaning: String)]) -> String {
        guard !grants.isEmpty else { return "<p class=\"hint\">Only learn your public key.</p>" }
        return "<ul class=\"grants\">" + grants.map { "<li><code>\(HTML.escape($0.permission))</code>: \(HTML.escape($0.meaning))</li>" }.joined() + "</ul>"
    }

    /// The three answers of a question's form (its `answer` field).
    static let answers = """
        <div class="row wrap"><button type="submit" name="answer" value="once">Allow once</button>
        <button type="submit" name="answer" value="always" class="primary">Always allow</button>
        <button type="submit" name="answer" value="deny" class="danger">Deny</button></div>
        """

    private static func questions(_ questions: [SignerView.QuestionRow], now: Int64, csrf: String) -> String {
        guard !questions.isEmpty else { return "" }
        let forms: [String] = questions.map { question in
            """
            <form method="post" action="/signer/answer" class="question" aria-label="\(HTML.escape(question.headline))">
            \(HTML.csrfField(csrf))<input type="hidden" name="id" value="\(HTML.escape(question.id))">
            <p><strong>\(HTML.escape(question.headline))</strong></p>
            \(grants(question.grants))
            \(answers)
            <p class="hint">Asked \(HTML.relativeTime(question.askedAt, now: now)). “Allow once” lasts until the bunker stops; “Always allow” is remembered.
            Nobody answering within two minutes is a no.</p>
            </form>
            """
        }
        return """
            <section class="group signer-questions" aria-labelledby="questions-title">
            <h2 id="questions-title">Asking to use your key</h2>
            \(forms.joined())
            </section>
            """
    }

    private static func clients(_ clients: [SignerView.ClientRow], now: Int64, csrf: String) -> String {
        var rows = "<p class=\"empty\">No client is approved.</p>"
        if !clients.isEmpty {
            let items: [String] = clients.map { client in
                let label = client.name.map { "\($0) (\(client.npub))" } ?? client.npub
                let npub = client.name == nil ? "" : " <code class=\"npub\">\(HTML.escape(client.npub))</code>"
                let until = client.remembered ? "" : ", until the bunker stops"
                return """
                    <li><p><strong>\(HTML.escape(client.name ?? client.npub))</strong>\(npub)
                    <span class="hint">approved \(HTML.relativeTime(client.approvedAt, now: now))\(until)</span></p>
                    \(grants(client.grants))
                    <form method="post" action="/signer/forget">\(HTML.csrfField(csrf))<input type="hidden" name="client" value="\(HTML.escape(client.npub))">
                    <button type="submit" class="small" aria-label="Forget \(HTML.escape(label))">Forget</button></form></li>
                    """
            }
            rows = "<ul class=\"signer-clients\">" + items.joined() + "</ul>"
        }
        return """
            <section class="group" aria-labelledby="clients-title">
            <h2 id="clients-title">Approved clients</h2>
            \(rows)
            </section>
            """
    }

    private static func log(_ entries: [SignerView.LogRow], now: Int64) -> String {
        var rows = "<p class=\"empty\">Nothing was done with your key yet.</p>"
        if !entries.isEmpty {
            let items: [String] = entries.map { entry in
                let what = entry.kind.map { "\(entry.method) of kind \($0)" } ?? entry.method
                let event = entry.eventID.map { " <span class=\"hint\">event <code class=\"event-id\">\(HTML.escape($0))</code></span>" } ?? ""
                return "<li><time datetime=\"\(HTML.isoDate(entry.time))\">\(HTML.relativeTime(entry.time, now: now))</time> <code>\(HTML.escape(what))</code>"
                    + " for \(HTML.escape(entry.client))\(event)</li>"
            }
            rows = "<ul class=\"signer-log\">" + items.joined() + "</ul>"
        }
        return """
            <section class="group" aria-labelledby="log-title">
            <h2 id="log-title">What was done with your key</h2>
            <p class="hint">The newest \(AppRuntime.signerLogShown); texts that were encrypted or decrypted are never logged.</p>
            \(rows)
            </section>
            """
    }
}
