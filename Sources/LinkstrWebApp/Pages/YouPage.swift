/// You: your npub (copy, QR code) and the name others see (publish a new one, or clear it).
enum YouPage {
    static func render(_ identity: IdentityView, csrf: String, name: String? = nil, problem: String? = nil) -> String {
        let published = identity.publishedName.map { "<p class=\"lead\">Others see you as <strong>\(HTML.escape($0))</strong>.</p>" }
            ?? "<p class=\"lead\">You have no published name: others see your npub, or the alias they gave you.</p>"
        let clear =
            identity.publishedName == nil
            ? "" : "<button type=\"submit\" name=\"clear\" value=\"1\" formnovalidate>Clear the published name</button>"
        return Layout.page(
            title: "You", csrf: csrf, me: identity.npub, current: "you",
            body: """
                <h1>You</h1>
                <section class="group identity" aria-labelledby="npub-label">
                \(qrCode(identity))
                <div class="identity-text">
                <label id="npub-label" for="npub">Your public key (npub) — share it so people can add you</label>
                <input id="npub" class="secret" readonly value="\(HTML.escape(identity.npub))">
                <button type="button" data-copy="npub">Copy</button>
                </div>
                </section>
                <form method="post" action="/you/name" class="group" aria-label="Your published name">
                \(HTML.csrfField(csrf))
                <h2>Your name</h2>
                \(published)
                <label for="name">Name to publish</label>
                <input id="name" name="name" value="\(HTML.escape(name ?? identity.publishedName ?? ""))" autocomplete="nickname">
                <div class="actions gap">\(clear)<button type="submit" class="primary">Publish</button></div>
                \(Layout.problem(problem))
                </form>
                """)
    }

    /// The npub's QR code.
    static func qrCode(_ identity: IdentityView) -> String {
        qrCode(size: identity.qrSize, modules: identity.qrModules, label: "QR code of your npub")
    }

    /// A QR code as an SVG: one path of the dark modules on a light square with its quiet zone.
    static func qrCode(size: Int, modules: [Bool], label: String) -> String {
        let quiet = 4
        var path = ""
        for row in 0..<size {
            for column in 0..<size where modules[row * size + column] {
                path += "M\(column + quiet) \(row + quiet)h1v1h-1z"
            }
        }
        let side = size + 2 * quiet
        return """
            <svg class="qr" viewBox="0 0 \(side) \(side)" role="img" aria-label="\(HTML.escape(label))" shape-rendering="crispEdges">\
            <rect width="\(side)" height="\(side)" fill="#ffffff"/><path d="\(path)" fill="#16161e"/></svg>
            """
    }
}
