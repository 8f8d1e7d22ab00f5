import Foundation
import LinkstrRuntime

/// Use a remote signer: paste its bunker:// link (confirmed first, as `linkstr account connect`
/// asks), or show a nostrconnect:// code for it to scan; the live region follows the attempt.
enum RemoteSignerPage {
    static func render(_ phase: SignerConnection.Phase, authURL: String?, now: Int64, csrf: String, me: String?, link: String = "", problem: String? = nil) -> String {
        Layout.page(
            title: "Remote signer", csrf: csrf, live: SignerConnection.liveName, me: me, current: "signer",
            body: """
                <h1>Use a remote signer</h1>
                <p class="lead">If your key lives in a signer (Amber on a phone, nsec.app, a bunker), linkstr can use it without the key ever touching this computer.</p>
                <div id="live">\(status(phase, authURL: authURL, now: now, csrf: csrf))</div>
                <section class="group" aria-labelledby="paste-title">
                <h2 id="paste-title">Paste its bunker:// link</h2>
                <form method="post" action="/signer/remote/check">
                \(HTML.csrfField(csrf))
                <label for="link">The signer's bunker:// link</label>
                <input id="link" name="link" required spellcheck="false" autocomplete="off" placeholder="bunker://…?relay=wss://…&amp;secret=…" value="\(HTML.escape(link))">
                <button type="submit" class="primary">Continue</button>
                \(Layout.problem(problem))
                </form>
                </section>
                <section class="group" aria-labelledby="offer-title">
                <h2 id="offer-title">Or let the signer scan a code</h2>
                <p>linkstr shows a <code>nostrconnect://</code> link and its QR code; open it in your signer within \(NostrConnectLink.defaultWait / 60) minutes.</p>
                <form method="post" action="/signer/remote/offer">\(HTML.csrfField(csrf))<button type="submit" id="offer">Show a code for the signer</button></form>
                </section>
                """)
    }

    /// The confirmation before connecting: the runtime's words for the link (signer, relays, secret),
    /// and a relay field when the link names none.
    static func confirm(_ link: BunkerLink, text: String, csrf: String, me: String?) -> String {
        let relay =
            link.relays.isEmpty
            ? """
            <label for="relay">The link names no relay. Relay of the signer</label>
            <input id="relay" name="relay" required spellcheck="false" autocomplete="off" placeholder="wss://relay.example">
            """
            : ""
        return Layout.page(
            title: "Connect?", csrf: csrf, me: me, current: "signer",
            body: """
                <div class="title-row"><a class="back" href="/signer/remote" aria-label="Back">‹</a><h1>Connect to this signer?</h1></div>
                <form method="post" action="/signer/remote/connect" class="group">
                \(HTML.csrfField(csrf))<input type="hidden" name="link" value="\(HTML.escape(text))">
                \(lines(link.confirmation))
                \(relay)
                <p class="hint">The signer then names your public key and proves it holds it, before anything is stored.</p>
                <div class="actions confirm"><a class="button" href="/signer/remote">Cancel</a><button type="submit" class="primary" id="connect">Connect</button></div>
                </form>
                """)
    }

    /// The runtime's text, a line per line (the indented ones as a list).
    static func lines(_ text: String) -> String {
        let all = text.split(separator: "\n").map(String.init)
        let heads = all.filter { !$0.hasPrefix("  ") }
        let items = all.filter { $0.hasPrefix("  ") }.map { "<li>\(HTML.escape($0.trimmingCharacters(in: .whitespaces)))</li>" }
        var html = heads.first.map { "<p><strong>\(HTML.escape($0))</strong></p>" } ?? ""
        if !items.isEmpty { html += "<ul class=\"grants\">" + items.joined() + "</ul>" }
        for head in heads.dropFirst() { html += "<p>\(HTML.escape(head))</p>" }
        return html
    }

    /// The attempt as it stands (the live part).
    static func status(_ phase: SignerConnection.Phase, authURL: String?, now: Int64, csrf: String) -> String {
        let approve = authURL.map { url in
            "<p class=\"signer-alert\" role=\"alert\">The remote signer asks you to approve this first: "
                + "<a href=\"\(HTML.escape(url))\" target=\"_blank\" rel=\"noopener noreferrer\" id=\"auth-url\">open \(HTML.escape(url))</a></p>"
        } ?? ""
        switch phase {
        case .idle:
            return ""
        case .connecting(let signer):
            return "<section class=\"group\" aria-labelledby=\"status-title\"><h2 id=\"status-title\">Connecting…</h2>"
                + "<p role=\"status\">Asking the remote signer \(HTML.escape(signer)) for your key and its proof.</p>\(approve)</section>"
        case let .offering(uri, deadline):
            let code = (try? QRCode(encoding: uri)).map { YouPage.qrCode(size: $0.size, modules: $0.modules, label: "QR code of the nostrconnect link") } ?? ""
            return """
                <section class="group" aria-labelledby="status-title"><h2 id="status-title">Open this in your signer</h2>
                <div class="identity">\(code)<div class="identity-text">
                <label for="offer-link">The nostrconnect:// link (or scan the code)</label>
                <input id="offer-link" class="secret" readonly value="\(HTML.escape(uri))" spellcheck="false">
                <button type="button" data-copy="offer-link">Copy</button>
                <p role="status">Waiting for the signer… <span class="countdown" data-deadline="\(deadline)">\(max(0, deadline - now)) s</span> left</p>
                </div></div>\(approve)</section>
                """
        case .replacing(let question):
            return """
                <form method="post" action="/signer/remote/replace" class="group signer-questions" aria-labelledby="status-title">
                \(HTML.csrfField(csrf))<h2 id="status-title">Replace the signer?</h2>
                \(lines(question))
                <div class="row wrap"><button type="submit" name="answer" value="keep">Keep the current signer</button>
                <button type="submit" name="answer" value="replace" class="danger">Replace the signer</button></div>
                </form>
                """
        case .failed(let problem):
            return "<section class=\"group\" aria-labelledby=\"status-title\"><h2 id=\"status-title\">Not connected</h2>\(Layout.problem(problem))</section>"
        case let .connected(npub, reconnected):
            return """
                <section class="group" aria-labelledby="status-title"><h2 id="status-title">\(reconnected ? "Reconnected" : "Connected")</h2>
                <p role="status">This app now signs as <code>\(HTML.escape(npub))</code> through the remote signer.</p>
                <p><a class="button primary" href="/" id="done">Go to your sessions</a></p></section>
                """
        }
    }
}
