/// A session: the composer, then its posts newest first with their reactions and the membership lines.
enum FeedPage {
    /// What the composer shows again after a refusal: the text as typed and why.
    struct Composer: Sendable {
        var url = ""
        var note = ""
        var problem: String?
    }

    /// The iPhone app's quick reactions.
    static let quickReactions = ["👍", "👎", "👀"]
    /// How the providers write their names (others: the classification's, capitalised).
    static let providerNames = ["youtube": "YouTube", "tiktok": "TikTok", "twitter": "X", "x": "X"]
    /// Posts per page; "Show older posts" shows as many older ones.
    static let pageSize = 50

    static func render(_ feed: FeedView, limit: Int, now: Int64, csrf: String, me: String, composer: Composer = Composer()) -> String {
        let path = "/sessions/\(HTML.segment(feed.id))"
        let compose =
            feed.removed
            ? "<p class=\"empty\">You were removed from this session: it stays here as history.</p>"
            : """
            <form method="post" action="\(path)/posts" class="group composer" aria-label="Share a link">
            \(HTML.csrfField(csrf))
            <label for="url">Link</label>
            <input id="url" name="url" type="text" inputmode="url" required placeholder="https://…" value="\(HTML.escape(composer.url))" spellcheck="false">
            <label for="note">Note <span class="hint">(optional)</span></label>
            <textarea id="note" name="note" rows="2">\(HTML.escape(composer.note))</textarea>
            <div class="actions"><button type="submit" class="primary">Share</button></div>
            \(Layout.problem(composer.problem))
            </form>
            """
        return Layout.page(
            title: feed.name, csrf: csrf, live: feed.id, me: me, current: "sessions",
            body: """
                <div class="title-row"><a class="back" href="/" aria-label="Back to sessions">‹</a><h1>\(HTML.escape(feed.name))</h1>
                <a class="meta members-link" href="\(path)/members">\(feed.memberCount) member\(feed.memberCount == 1 ? "" : "s")</a>
                <form method="post" action="\(path)/archive">\(HTML.csrfField(csrf))<input type="hidden" name="archived" value="\(feed.archived ? "0" : "1")">
                <button type="submit" class="small">\(feed.archived ? "Unarchive" : "Archive")</button></form></div>
                \(compose)
                <div id="live">\(items(feed, limit: limit, now: now, csrf: csrf))</div>
                """)
    }

    /// The posts and membership lines alone (also what a live refresh fetches).
    static func items(_ feed: FeedView, limit: Int, now: Int64, csrf: String) -> String {
        let path = "/sessions/\(HTML.segment(feed.id))"
        guard !feed.posts.isEmpty || !feed.membership.isEmpty else {
            return "<p class=\"empty\">Nothing shared yet. Paste a link above to start.</p>"
        }
        // Newest first: posts and membership lines merged by time.
        var entries: [(time: Int64, post: PostRow?, html: String)] = feed.posts.map { ($0.createdAt, $0, "") }
        entries += feed.membership.map { line in
            let text = (line.added.isEmpty ? [] : ["in: " + line.added.joined(separator: ", ")])
                + (line.removed.isEmpty ? [] : ["out: " + line.removed.joined(separator: ", ")])
            return (line.time, nil, "<li class=\"membership\">\(HTML.escape(text.joined(separator: " · ")))</li>")
        }
        entries.sort { $0.time > $1.time }
        // One sender header for consecutive posts of one sender (the run's newest carries it).
        for index in entries.indices {
            guard let row = entries[index].post else { continue }
            let previous = index > 0 ? entries[index - 1].post : nil
            let header = previous.map { $0.sender != row.sender || $0.mine != row.mine } ?? true
            entries[index].html = post(row, path: path, now: now, csrf: csrf, canReact: !feed.removed, header: header)
        }
        // The older page goes on from this one's oldest post (as long as this one, when its length was asked for).
        let length = limit == pageSize ? "" : "limit=\(limit)&amp;"
        let older = feed.older.map { "<p class=\"older\"><a href=\"\(path)?\(length)before=\(HTML.escape($0))\">Show older posts</a></p>" } ?? ""
        let newest = feed.isOlderPage ? "<p class=\"older\"><a href=\"\(path)\">Newest posts</a></p>" : ""
        return "<ol class=\"feed\">\(entries.map(\.html).joined())</ol>\(older)\(newest)"
    }

    /// How the post's link plays: its cached video; its provider's player behind a "Play" link (the
    /// player's address is only an attribute until the click: no request reaches the provider
    /// before); "Save for offline" (with its progress, or why it failed) and "Open in browser".
    static func player(_ post: PostRow, path: String, csrf: String) -> String {
        let base = "\(path)/posts/\(HTML.segment(post.id))"
        let label = HTML.escape(post.title ?? post.url)
        let thumbnail = post.hasThumbnail ? "<img class=\"thumb\" src=\"\(base)/thumbnail\" alt=\"\">" : ""
        var parts: [String] = []
        switch post.playback {
        case .cached:
            let poster = post.hasThumbnail ? " poster=\"\(base)/thumbnail\"" : ""
            parts.append("<video controls preload=\"metadata\" src=\"\(base)/video\"\(poster) aria-label=\"Video: \(label)\"></video>")
        case .embed(let provider, let embed):
            let named = HTML.escape(providerNames[provider] ?? provider.prefix(1).uppercased() + provider.dropFirst())
            parts.append(
                "<a class=\"play\(post.hasThumbnail ? " framed" : "")\" href=\"\(base)/play\" data-embed=\"\(HTML.escape(embed))\" aria-label=\"Play \(label) (\(named) player)\">\(thumbnail)"
                    + "<span class=\"play-mark\" aria-hidden=\"true\">▶</span><span class=\"play-label\" aria-hidden=\"true\">Play · \(named)</span></a>")
        case .link:
            parts.append(thumbnail)
        }
        var actions: [String] = []
        switch post.saving {
        case .running(let percent):
            let value = percent.map { " value=\"\($0)\"" } ?? ""
            actions.append(
                "<span class=\"saving\" role=\"status\"><progress max=\"100\"\(value) aria-label=\"Saving for offline\"></progress>"
                    + " <span class=\"saving-text\">Saving… \(percent.map { "\($0)%" } ?? "")</span></span>")
        case .failed(let reason):
            actions.append("<span class=\"problem\" role=\"alert\">Could not save: \(HTML.escape(reason))</span>")
            actions.append(saveForm(base, csrf: csrf))
        case nil:
            if post.playback != .cached { actions.append(saveForm(base, csrf: csrf)) }
        }
        if post.playback != .cached {
            actions.append("<a class=\"button small\" href=\"\(HTML.escape(post.url))\" rel=\"noreferrer noopener\" target=\"_blank\">Open in browser</a>")
        }
        return "<div class=\"player\">\(parts.joined())<div class=\"play-actions\">\(actions.joined())</div></div>"
    }

    private static func saveForm(_ base: String, csrf: String) -> String {
        "<form method=\"post\" action=\"\(base)/save\" class=\"save\">\(HTML.csrfField(csrf))<button type=\"submit\" class=\"small\">Save for offline</button></form>"
    }

    /// "Delete this post?" before a post is deleted for every member (with JavaScript off too).
    static func confirmDelete(session: String, post: (id: String, url: String, note: String?), csrf: String, me: String) -> String {
        let path = "/sessions/\(HTML.segment(session))"
        return Layout.page(
            title: "Delete this post?", csrf: csrf, me: me, current: "sessions",
            body: """
                <div class="title-row"><a class="back" href="\(path)#post-\(HTML.segment(post.id))" aria-label="Back to the session">‹</a><h1>Delete this post?</h1></div>
                <div class="group">
                <p class="url">\(HTML.escape(post.url))</p>
                \(post.note.map { "<blockquote class=\"note\">\(HTML.escape($0))</blockquote>" } ?? "")
                <p class="lead">It is deleted for every member, and the relays are asked to drop their copies.</p>
                <form method="post" action="\(path)/posts/\(HTML.segment(post.id))/delete" class="actions confirm">
                \(HTML.csrfField(csrf))
                <a class="button" href="\(path)#post-\(HTML.segment(post.id))">Cancel</a>
                <button type="submit" class="danger">Delete for everyone</button>
                </form>
                </div>
                """)
    }

    /// After a deletion the relays did not all confirm: what they said.
    static func deleted(session: String, warnings: [String], csrf: String, me: String) -> String {
        Layout.page(
            title: "Deleted", csrf: csrf, me: me, current: "sessions",
            body: """
                <h1>Deleted</h1>
                <p>The post is deleted for every member.</p>
                <ul class="warnings">\(warnings.map { "<li>\(HTML.escape($0))</li>" }.joined())</ul>
                <p><a class="button" href="/sessions/\(HTML.segment(session))">Back to the session</a></p>
                """)
    }

    /// A provider's player on a page of its own (after a click on "Play" with JavaScript off).
    static func playerPage(embed: String, back: String, csrf: String, me: String) -> String {
        Layout.page(
            title: "Playing", csrf: csrf, me: me, current: "sessions",
            body: """
                <div class="title-row"><a class="back" href="\(HTML.escape(back))" aria-label="Back to the session">‹</a><h1>Playing</h1></div>
                <div class="player">\(embedFrame(embed))</div>
                """)
    }

    /// The provider's player (the script makes the same element in place).
    static func embedFrame(_ embed: String) -> String {
        "<iframe class=\"embed\" src=\"\(HTML.escape(embed))\" title=\"Video player\" allow=\"autoplay; encrypted-media; picture-in-picture; fullscreen\" allowfullscreen></iframe>"
    }

    /// - Parameter header: show the sender (the first post of a run of one sender's posts); else only the time.
    static func post(_ post: PostRow, path: String, now: Int64, csrf: String, canReact: Bool, header: Bool) -> String {
        let link = post.title.map { "<a class=\"title\" href=\"\(HTML.escape(post.url))\" rel=\"noreferrer noopener\" target=\"_blank\">\(HTML.escape($0))</a>" } ?? ""
        let note = post.note.map { "<blockquote class=\"note\">\(HTML.escape($0))</blockquote>" } ?? ""
        let sender = post.mine ? "You" : post.sender
        let shown = Set(post.reactions.map(\.emoji))
        let chips = post.reactions.map { reaction in
            let count = reaction.count > 10 ? "10+" : "\(reaction.count)"
            return "<button class=\"chip\(reaction.mine ? " mine" : "")\" name=\"emoji\" value=\"\(HTML.escape(reaction.emoji))\" aria-pressed=\"\(reaction.mine)\" aria-label=\"\(HTML.escape(reaction.emoji)) \(count)\"\(canReact ? "" : " disabled")>\(HTML.escape(reaction.emoji)) <span class=\"count\">\(count)</span></button>"
        }
        let quick = canReact ? quickReactions.filter { !shown.contains($0) }.map { emoji in
            "<button class=\"chip quick\" name=\"emoji\" value=\"\(emoji)\" aria-label=\"React \(emoji)\">\(emoji)</button>"
        } : []
        return """
            <li class="post\(post.mine ? " mine" : "")\(post.unread ? " unread" : "")" id="post-\(HTML.escape(post.id))" data-post="\(HTML.escape(post.id))" tabindex="-1">
            <div class="sender\(header ? "" : " continued")">\(header ? "<span class=\"\(HTML.avatarClass(post.sender))\" aria-hidden=\"true\">\(HTML.initial(sender))</span><span class=\"name\">\(HTML.escape(sender))</span>" : "<span class=\"sr\">\(HTML.escape(sender))</span>")\(post.unread ? "<span class=\"new\">new</span>" : "")
            <time datetime="\(HTML.isoDate(post.createdAt))">\(HTML.relativeTime(post.createdAt, now: now))</time></div>
            \(link)<a class="url" href="\(HTML.escape(post.url))" rel="noreferrer noopener" target="_blank">\(HTML.escape(post.url))</a>
            \(note)
            \(player(post, path: path, csrf: csrf))
            <div class="post-foot"><form method="post" action="\(path)/react" class="reactions">\(HTML.csrfField(csrf))<input type="hidden" name="post" value="\(HTML.escape(post.id))">\((chips + quick).joined())</form><a class="bookmark" href="/saved/new?session=\(path.dropFirst("/sessions/".count))&amp;post=\(HTML.segment(post.id))" aria-label="Save link: keep \(HTML.escape(post.url)) in your saved links">Save link</a>\(post.mine && canReact ? "<a class=\"delete\" href=\"\(path)/posts/\(HTML.segment(post.id))/delete\">Delete</a>" : "")</div>
            </li>
            """
    }
}
