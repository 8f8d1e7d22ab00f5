import LinkstrRuntime

/// The saved links: the list (newest first, search, tag filter, the recently removed ones), the
/// save and edit views with their tag suggestions, and import, export and sync.
enum SavedPage {
    /// What the list shows: the search, the tag, kept or removed links.
    struct Filter: Sendable {
        var search = ""
        var tag: String?
        var deleted = false

        /// The list's address with this filter (and `changes` applied).
        func path(tag: String?? = .none, deleted: Bool? = nil) -> String {
            let chosenTag = tag ?? self.tag
            var query: [String] = []
            if !search.isEmpty { query.append("q=" + search.addingPercentEncodingForPath()) }
            if let chosenTag { query.append("tag=" + chosenTag.addingPercentEncodingForPath()) }
            if deleted ?? self.deleted { query.append("deleted=1") }
            return "/saved" + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
        }
    }

    /// A message at the top of the list: what the last change did, and its undo.
    struct Notice: Sendable {
        var text: String
        /// A removed link's "Restore" (its URL).
        var restore: String?
        /// A link back (to the session a post was saved from): its address and words.
        var back: (href: String, label: String)?
    }

    static func render(_ list: SavedListView, filter: Filter, now: Int64, csrf: String, me: String, notice: Notice? = nil, problem: String? = nil) -> String {
        let tabs = """
            <nav class="tabs" aria-label="Saved or removed">
            <a href="\(HTML.escape(filter.path(tag: .some(nil), deleted: false)))"\(filter.deleted ? "" : " aria-current=\"page\"")>Saved</a>
            <a href="\(HTML.escape(filter.path(tag: .some(nil), deleted: true)))"\(filter.deleted ? " aria-current=\"page\"" : "")>Recently removed</a>
            </nav>
            """
        let tagFilter =
            list.tags.isEmpty || filter.deleted
            ? ""
            : "<nav class=\"tag-filter\" aria-label=\"Filter by tag\"><a class=\"tag\" href=\"\(HTML.escape(filter.path(tag: .some(nil))))\"\(filter.tag == nil ? " aria-current=\"true\"" : "")>All</a>"
                + list.tags.map { tag in
                    "<a class=\"tag\" href=\"\(HTML.escape(filter.path(tag: .some(tag.name))))\"\(filter.tag == tag.name ? " aria-current=\"true\"" : "")>\(HTML.escape(tag.name)) <span class=\"count\">\(tag.count)</span></a>"
                }.joined() + "</nav>"
        return Layout.page(
            title: "Saved links", csrf: csrf, me: me, current: "saved",
            body: """
                <div class="title-row"><h1>Saved links</h1><a class="button primary" href="/saved/new">Save a link</a></div>
                \(notice.map { noticeBox($0, csrf: csrf) } ?? "")\(Layout.problem(problem))
                \(tabs)
                <form method="get" action="/saved" class="search" role="search">
                <input id="search" name="q" type="search" aria-label="Search the saved links" value="\(HTML.escape(filter.search))" placeholder="Search links, titles, notes and tags">
                \(filter.tag.map { "<input type=\"hidden\" name=\"tag\" value=\"\(HTML.escape($0))\">" } ?? "")\(filter.deleted ? "<input type=\"hidden\" name=\"deleted\" value=\"1\">" : "")
                <button type="submit">Search</button>
                </form>
                \(tagFilter)
                <div id="live">\(links(list.links, filter: filter, now: now, csrf: csrf))</div>
                <p class="toggle"><a href="/saved/sync">Import, export and sync</a></p>
                """)
    }

    private static func noticeBox(_ notice: Notice, csrf: String) -> String {
        let restore = notice.restore.map { url in
            "<form method=\"post\" action=\"/saved/restore\">\(HTML.csrfField(csrf))<input type=\"hidden\" name=\"url\" value=\"\(HTML.escape(url))\"><button type=\"submit\" class=\"small\">Restore</button></form>"
        } ?? ""
        let back = notice.back.map { "<a class=\"button small\" href=\"\(HTML.escape($0.href))\">\(HTML.escape($0.label))</a>" } ?? ""
        let lines = notice.text.split(separator: "\n").map { "<span>\(HTML.escape(String($0)))</span>" }.joined(separator: "<br>")
        return "<div class=\"notice\" role=\"status\"><p>\(lines)</p>\(restore)\(back)</div>"
    }

    /// The links alone (also what the search fetches as you type).
    static func links(_ links: [SavedLinkRow], filter: Filter, now: Int64, csrf: String) -> String {
        guard !links.isEmpty else {
            if filter.deleted { return "<p class=\"empty\">No removed links. A link you remove stays here until you restore it.</p>" }
            if !filter.search.isEmpty || filter.tag != nil { return "<p class=\"empty\">No saved link matches.</p>" }
            return "<p class=\"empty\">Nothing saved yet. Save a link, or import your browser's bookmarks.</p>"
        }
        return "<ul class=\"saved\">" + links.map { row(($0), filter: filter, now: now, csrf: csrf) }.joined() + "</ul>"
    }

    private static func row(_ link: SavedLinkRow, filter: Filter, now: Int64, csrf: String) -> String {
        let url = HTML.escape(link.url)
        let title = link.title.map { "<a class=\"title\" href=\"\(url)\" rel=\"noreferrer noopener\" target=\"_blank\">\(HTML.escape($0))</a>" } ?? ""
        let tags = link.tags.isEmpty ? "" : "<p class=\"tags\">" + link.tags.map { tag in
            "<a class=\"tag\" href=\"\(HTML.escape(filter.path(tag: .some(tag), deleted: false)))\" aria-label=\"Links tagged \(HTML.escape(tag))\">\(HTML.escape(tag))</a>"
        }.joined() + "</p>"
        var meta = ["saved <time datetime=\"\(HTML.isoDate(link.savedAt))\">\(HTML.relativeTime(link.savedAt, now: now))</time>"]
        if let removed = link.deletedAt { meta.append("removed <time datetime=\"\(HTML.isoDate(removed))\">\(HTML.relativeTime(removed, now: now))</time>") }
        if let session = link.sharedIn {
            let from = "from \(HTML.escape(session))" + (link.sharedBy.map { ", shared by \(HTML.escape($0))" } ?? "")
            meta.append("<a href=\"/saved/post?url=\(HTML.escape(link.url.addingPercentEncodingForPath()))\">\(from)</a>")
        }
        let hidden = "\(HTML.csrfField(csrf))<input type=\"hidden\" name=\"url\" value=\"\(url)\">"
        let actions =
            link.deletedAt == nil
            ? "<a class=\"button small\" href=\"/saved/edit?url=\(HTML.escape(link.url.addingPercentEncodingForPath()))\" aria-label=\"Edit the tags of \(url)\">Edit tags</a>"
                + "<form method=\"post\" action=\"/saved/unsave\">\(hidden)<button type=\"submit\" class=\"small\" aria-label=\"Remove \(url)\">Remove</button></form>"
            : "<form method=\"post\" action=\"/saved/restore\">\(hidden)<button type=\"submit\" class=\"small\" aria-label=\"Restore \(url)\">Restore</button></form>"
        return """
            <li class="saved-link">
            \(title)<a class="url" href="\(url)" rel="noreferrer noopener" target="_blank">\(url)</a>
            \(link.note.map { "<blockquote class=\"note\">\(HTML.escape($0))</blockquote>" } ?? "")
            \(tags)<p class="meta">\(meta.joined(separator: " · "))</p>
            <div class="saved-actions">\(actions)</div>
            </li>
            """
    }

    // MARK: Saving and editing

    /// What the save view shows again after a refusal: what was typed and why.
    struct Typed: Sendable {
        var url = ""
        var note = ""
        var tags: [String] = []
        var newTags = ""
        var problem: String?
    }

    /// "Save a link": the link, its note, its tags; from a post, the post's link and note.
    static func new(choice: TagChoice, from post: PostToSave?, typed: Typed, csrf: String, me: String) -> String {
        let back = post.map { "/sessions/\(HTML.segment($0.session))#post-\(HTML.segment($0.post))" } ?? "/saved"
        let link =
            post.map { post in
                """
                <input type="hidden" name="session" value="\(HTML.escape(post.session))"><input type="hidden" name="post" value="\(HTML.escape(post.post))">
                <p class="lead">From <strong>\(HTML.escape(post.sessionName))</strong>:</p><p class="url">\(HTML.escape(post.url))</p>
                <input type="hidden" name="url" value="\(HTML.escape(post.url))">
                """
            }
            ?? """
            <label for="saved-url">Link</label>
            <input id="saved-url" name="url" type="text" inputmode="url" required placeholder="https://…" value="\(HTML.escape(typed.url))" spellcheck="false" autocomplete="off">
            """
        return Layout.page(
            title: "Save a link", csrf: csrf, me: me, current: "saved",
            body: """
                <div class="title-row"><a class="back" href="\(back)" aria-label="Back">‹</a><h1>Save a link</h1></div>
                <form method="post" action="/saved" class="group save-link">
                \(HTML.csrfField(csrf))
                \(link)
                <label for="saved-note">Note <span class="hint">(optional)</span></label>
                <textarea id="saved-note" name="note" rows="2">\(HTML.escape(typed.note))</textarea>
                <div id="tag-choice">\(tagPicker(choice, checked: Set(typed.tags), newTags: typed.newTags))</div>
                <div class="actions"><button type="submit" class="primary">\(choice.savedTags == nil ? "Save" : "Update tags")</button></div>
                \(Layout.problem(typed.problem))
                </form>
                """)
    }

    /// The tags of the save and edit views: the link's tags when it is saved already, the
    /// suggestions as checkboxes (best first), and new tags typed (the script suggests as you type).
    static func tagPicker(_ choice: TagChoice, checked: Set<String>, newTags: String, editing: Bool = false) -> String {
        let status =
            editing ? "" : choice.savedTags.map { "<p class=\"already\" role=\"status\">Already saved with tags: \(HTML.escape($0.isEmpty ? "none" : $0.joined(separator: ", ")))</p>" } ?? ""
        let current = editing ? choice.savedTags ?? [] : []
        let options = (current + choice.suggestions).enumerated().map { index, tag in
            "<label class=\"tag-option\"><input type=\"checkbox\" name=\"tag\" value=\"\(HTML.escape(tag))\"\(checked.contains(tag) ? " checked" : "") id=\"tag-\(index)\"> \(HTML.escape(tag))</label>"
        }
        let legend = editing ? "Tags (uncheck to remove)" : choice.savedTags == nil ? "Tags" : "Add tags"
        let group = options.isEmpty ? "" : "<fieldset class=\"tag-picker\"><legend>\(legend)</legend><div class=\"tag-options\">\(options.joined())</div></fieldset>"
        return """
            \(status)\(group)
            <label for="new-tags" id="new-tags-label">New tags <span class="hint">(separated by commas)</span></label>
            <input id="new-tags" name="new_tags" value="\(HTML.escape(newTags))" autocomplete="off" spellcheck="false" data-suggest="\(HTML.escape(choice.suggestions.joined(separator: ",")))" aria-describedby="new-tags-help">
            <p id="new-tags-help" class="hint">With suggestions as you type: ↓ ↑ choose, Enter adds.</p>
            """
    }

    /// "Edit tags" of a saved link.
    static func edit(_ link: SavedLinkRow, choice: TagChoice, csrf: String, me: String, problem: String? = nil) -> String {
        Layout.page(
            title: "Edit tags", csrf: csrf, me: me, current: "saved",
            body: """
                <div class="title-row"><a class="back" href="/saved" aria-label="Back to the saved links">‹</a><h1>Edit tags</h1></div>
                <form method="post" action="/saved/edit" class="group save-link">
                \(HTML.csrfField(csrf))<input type="hidden" name="url" value="\(HTML.escape(link.url))">
                \(link.title.map { "<p class=\"title\">\(HTML.escape($0))</p>" } ?? "")<p class="url">\(HTML.escape(link.url))</p>
                \(tagPicker(choice, checked: Set(link.tags), newTags: "", editing: true))
                <div class="actions confirm"><a class="button" href="/saved">Cancel</a><button type="submit" class="primary">Save tags</button></div>
                \(Layout.problem(problem))
                </form>
                """)
    }

    // MARK: Import, export and sync

    static func transfer(_ sync: SavedSyncView, csrf: String, me: String, imported: String? = nil, importProblem: String? = nil, synced: [SyncOutcome]? = nil) -> String {
        let status = sync.status
        let webhook =
            sync.webhook.map { address in
                """
                <p>Every saved link goes to <code>\(HTML.escape(address))</code> after each save and daily.</p>
                <dl class="sync-status">
                <dt>Last sync</dt><dd>\(HTML.escape(status.summary(syncing: false)))</dd>
                <dt>Failures in a row</dt><dd>\(status.failures)</dd>
                <dt>Next attempt</dt><dd>\(HTML.escape(status.nextAttempt.map(ISOTime.string) ?? "when the next link is saved, or in a day"))</dd>
                </dl>
                """
            } ?? "<p>No webhook. <span class=\"hint\">Set <code>[saved] webhook = \"https://…\"</code> in config.toml to send your saved links to one.</span></p>"
        let results = synced.map { outcomes in
            "<div role=\"status\"><ul class=\"results\">" + outcomes.map { outcome in
                "<li><strong>\(HTML.escape(outcome.what)):</strong> \(HTML.escape(outcome.said ?? ""))\(outcome.problem.map { " <span class=\"problem\">\(HTML.escape($0))</span>" } ?? "")</li>"
            }.joined() + "</ul></div>"
        } ?? ""
        return Layout.page(
            title: "Import, export and sync", csrf: csrf, me: me, current: "saved",
            body: """
                <div class="title-row"><a class="back" href="/saved" aria-label="Back to the saved links">‹</a><h1>Import, export and sync</h1></div>
                <section class="group" aria-labelledby="import-title">
                <h2 id="import-title">Import</h2>
                <form method="post" action="/saved/import" enctype="multipart/form-data">
                \(HTML.csrfField(csrf))
                <label for="bookmarks">A bookmarks.html from a browser, linkding, Karakeep or Linkwarden, or a linkstr JSON export</label>
                <input id="bookmarks" name="file" type="file" accept=".html,.htm,.json,text/html,application/json" required>
                <button type="submit" class="primary">Import</button>
                </form>
                \(imported.map { "<p class=\"results\" role=\"status\">\(HTML.escape($0))</p>" } ?? "")\(Layout.problem(importProblem))
                </section>
                <section class="group" aria-labelledby="export-title">
                <h2 id="export-title">Export</h2>
                <p class="lead">Your kept links, with their tags (removed ones are left out).</p>
                <div class="row wrap"><a class="button" href="/saved/export?format=netscape" download>Download bookmarks.html</a>
                <a class="button" href="/saved/export?format=json" download>Download JSON</a></div>
                </section>
                <section class="group" aria-labelledby="sync-title">
                <h2 id="sync-title">Sync</h2>
                <h3>Webhook</h3>
                \(webhook)
                <h3>Your other machines</h3>
                <p>Through your relays, encrypted to your own key: the relays see neither links nor tags.</p>
                <form method="post" action="/saved/sync">\(HTML.csrfField(csrf))<button type="submit" class="primary">Sync now</button></form>
                \(results)
                </section>
                """)
    }
}
