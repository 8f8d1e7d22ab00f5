/// What a clicked link asks for (`/open?link=…`), before anything is done: a shared link, a page to
/// save, a remote signer to connect to. The action goes to its own screen when the app has it
/// (the save dialog, the signer's connect confirmation), else it is what this page can do itself.
enum LinksPage {
    /// The screens a link's action can go to, when the app has them.
    struct Screens {
        /// `GET /signer/connect?link=…`: the remote signer's connect confirmation.
        var connect: Bool
        /// `POST /signer/remote/check` with `link`: the remote signer's connect confirmation of a pasted link.
        var checkConnect: Bool
        /// `GET /saved/new?url=…&tag=…&note=…`: the save dialog.
        var save: Bool

        static let connectPath = "/signer/connect"
        static let checkConnectPath = "/signer/remote/check"
        static let savePath = "/saved/new"
    }

    static func render(_ view: ClickedLinkView, link: String, screens: Screens, csrf: String, me: String?) -> String {
        let body: String
        switch view {
        case .post(let url, _, _, _), .sharedURL(let url, _):
            var sharedAt: Int64?
            if case .sharedURL(_, let time) = view { sharedAt = time }
            body = """
                <h1>A shared link</h1>
                <p class="clicked-link"><a href="\(HTML.escape(url))" rel="noreferrer noopener" target="_blank">\(HTML.escape(url))</a></p>
                \(sharedAt.map { $0 > 0 ? "<p class=\"meta\">Shared <time datetime=\"\(HTML.isoDate($0))\">\(HTML.isoDate($0))</time></p>" : "" } ?? "")
                <p>It is not in any of your sessions.</p>
                <p class="link-actions"><a class="button primary" href="\(HTML.escape(url))" rel="noreferrer noopener" target="_blank">Open in browser</a>
                <a class="button" href="/">Back to sessions</a></p>
                """
        case .save(let url, let tags, let note):
            // Save keeps the link's own tags and note; the save dialog, when the app has it, lets them be changed first.
            let action =
                "<form method=\"post\" action=\"/open/save\" class=\"inline\">\(HTML.csrfField(csrf))<input type=\"hidden\" name=\"link\" value=\"\(HTML.escape(link))\"><button type=\"submit\" class=\"primary\">Save</button></form>"
                + (screens.save ? " <a class=\"button\" href=\"\(HTML.escape(saveDialogPath(url: url, tags: tags, note: note)))\">Change before saving…</a>" : "")
            body = """
                <h1>Save this link?</h1>
                <p>A page asked linkstr to save it. Nothing is saved until you say so.</p>
                <dl class="clicked-link">
                <dt>Link</dt><dd><code>\(HTML.escape(url))</code></dd>
                <dt>Tags</dt><dd>\(tags.isEmpty ? "none" : tags.map { "<span class=\"tag\">\(HTML.escape($0))</span>" }.joined(separator: " "))</dd>
                \(note.map { "<dt>Note</dt><dd>\(HTML.escape($0))</dd>" } ?? "")
                </dl>
                <div class="link-actions">\(action) <a class="button" href="/">Cancel</a></div>
                """
        case .bunker(let bunkerLink, let signer, let relays, let hasSecret):
            let cancel = " <a class=\"button\" href=\"/\">Cancel</a>"
            let action =
                screens.connect
                ? "<a class=\"button primary\" href=\"\(Screens.connectPath)?link=\(bunkerLink.addingPercentEncodingForPath())\">Review and connect…</a>" + cancel
                : screens.checkConnect
                ? "<form method=\"post\" action=\"\(Screens.checkConnectPath)\" class=\"inline\">\(HTML.csrfField(csrf))<input type=\"hidden\" name=\"link\" value=\"\(HTML.escape(bunkerLink))\"><button type=\"submit\" class=\"primary\">Review and connect…</button></form>" + cancel
                : "<p>To use it, run in a terminal (it shows the signer again and asks before connecting):</p><pre class=\"command\"><code>linkstr account connect '\(HTML.escape(bunkerLink))'</code></pre><p><a class=\"button\" href=\"/\">Back to sessions</a></p>"
            body = """
                <h1>Connect to a remote signer?</h1>
                <p>A page handed linkstr a remote signer's link. Nothing connects until you confirm it.</p>
                <dl class="clicked-link">
                <dt>Signer</dt><dd><code>\(HTML.escape(signer))</code></dd>
                <dt>Relays</dt><dd>\(relays.isEmpty ? "none (you will be asked for one)" : relays.map { "<code>\(HTML.escape($0))</code>" }.joined(separator: "<br>"))</dd>
                <dt>Secret</dt><dd>\(hasSecret ? "present" : "none")</dd>
                </dl>
                <div class="link-actions">\(action)</div>
                """
        case .nostrConnect(let explanation):
            body = """
                <h1>A nostrconnect:// link</h1>
                \(Layout.problem(explanation.prefix(1).uppercased() + explanation.dropFirst() + "."))
                <p><a class="button" href="/">Back to sessions</a></p>
                """
        }
        return Layout.page(title: "Open a link", csrf: csrf, me: me, body: body)
    }

    /// The save dialog's address for a page, its tags and note.
    static func saveDialogPath(url: String, tags: [String], note: String?) -> String {
        let fields = [("url", url)] + tags.map { ("tag", $0) } + (note.map { [("note", $0)] } ?? [])
        return Screens.savePath + "?" + fields.map { "\($0)=\($1.addingPercentEncodingForPath())" }.joined(separator: "&")
    }

    /// After "Save": the link and the tags it has now.
    static func saved(url: String, tags: [String], alreadySaved: Bool, csrf: String, me: String) -> String {
        Layout.page(
            title: "Saved", csrf: csrf, me: me,
            body: """
                <h1>\(alreadySaved ? "Already saved" : "Saved")</h1>
                <p class="clicked-link"><code>\(HTML.escape(url))</code></p>
                <p role="status">\(tags.isEmpty ? "No tags." : "Tags: " + tags.map { "<span class=\"tag\">\(HTML.escape($0))</span>" }.joined(separator: " "))</p>
                <p><a class="button" href="/">Back to sessions</a></p>
                """)
    }
}
