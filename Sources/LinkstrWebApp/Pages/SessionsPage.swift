/// The sessions list (the top-level screen) and the form that creates a session.
enum SessionsPage {
    /// What the list shows: the current or the archived sessions, those whose name holds `search`.
    struct Filter: Sendable {
        var archived = false
        var search = ""

        func keeps(_ row: SessionRow) -> Bool {
            search.isEmpty || row.name.localizedCaseInsensitiveContains(search)
        }
    }

    static func render(_ rows: [SessionRow], filter: Filter, now: Int64, csrf: String, me: String) -> String {
        let toggle =
            filter.archived
            ? "<a href=\"/\">Back to the current sessions</a>" : "<a href=\"/?archived=1\">Archived sessions</a>"
        return Layout.page(
            title: filter.archived ? "Archived sessions" : "Sessions", csrf: csrf, live: "sessions", me: me, current: "sessions",
            body: """
                <div class="title-row"><h1>\(filter.archived ? "Archived sessions" : "Sessions")</h1><a class="button primary" href="/sessions/new">New session</a></div>
                <form method="get" action="/" role="search" class="search">
                \(filter.archived ? "<input type=\"hidden\" name=\"archived\" value=\"1\">" : "")
                <input id="search" name="q" type="search" aria-label="Search the sessions" placeholder="Search sessions" value="\(HTML.escape(filter.search))">
                <button type="submit" class="small">Search</button>
                </form>
                <div id="live">\(list(rows, filter: filter, now: now))</div>
                <p class="toggle">\(toggle)</p>
                """)
    }

    /// The list alone (also what a live refresh or a search as you type fetches).
    static func list(_ rows: [SessionRow], filter: Filter, now: Int64) -> String {
        let shown = rows.filter(filter.keeps)
        guard !shown.isEmpty else {
            if !filter.search.isEmpty { return "<p class=\"empty\">No session matches “\(HTML.escape(filter.search))”.</p>" }
            if filter.archived { return "<p class=\"empty\">No archived sessions. Archive one from its page to keep the list short.</p>" }
            return "<p class=\"empty\">No sessions yet. Start one with the people you share with: <a href=\"/sessions/new\">new session</a>.</p>"
        }
        let items = shown.map { row in
            let meta = row.removed ? "removed" : "\(row.memberCount) member\(row.memberCount == 1 ? "" : "s")"
            return """
                <li class="session\(row.unread ? " unread" : "")"><a href="/sessions/\(HTML.segment(row.id))">
                <span class="\(HTML.avatarClass(row.id))" aria-hidden="true">\(HTML.initial(row.name))</span>
                <span class="text"><span class="name">\(HTML.escape(row.name))</span><span class="meta">\(meta)</span></span>
                <span class="side"><time datetime="\(HTML.isoDate(row.updatedAt))">\(HTML.relativeTime(row.updatedAt, now: now))</time>\(row.unread ? "<span class=\"dot\" title=\"unread\"><span class=\"sr\">unread</span></span>" : "")</span>
                </a></li>
                """
        }
        return "<ul class=\"sessions\">\(items.joined())</ul>"
    }

    /// A checkbox per contact (avatar and name), each sending its npub as `field`.
    static func contactChoices(_ contacts: [ContactRow], field: String, legend: String, chosen: Set<String> = []) -> String {
        "<fieldset><legend>\(HTML.escape(legend))</legend>"
            + contacts.map { contact in
                """
                <label class="check"><input type="checkbox" name="\(field)" value="\(HTML.escape(contact.npub))"\(chosen.contains(contact.npub) ? " checked" : "")>
                <span class="\(HTML.avatarClass(contact.npub))" aria-hidden="true">\(HTML.initial(contact.name))</span>
                <span class="name">\(HTML.escape(contact.name))</span></label>
                """
            }.joined() + "</fieldset>"
    }

    static func new(_ contacts: [ContactRow], csrf: String, me: String, name: String = "", chosen: Set<String> = [], problem: String? = nil) -> String {
        let members =
            contacts.isEmpty
            ? "<p class=\"empty\">No contacts yet: <a href=\"/contacts\">add one by their npub</a> to share with them. A session just for you works too.</p>"
            : contactChoices(contacts, field: "member", legend: "Members", chosen: chosen)
        return Layout.page(
            title: "New session", csrf: csrf, me: me, current: "sessions",
            body: """
                <h1>New session</h1>
                <form method="post" action="/sessions" class="group">
                \(HTML.csrfField(csrf))
                <label for="session-name">Name</label>
                <input id="session-name" name="name" required value="\(HTML.escape(name))" autofocus>
                \(members)
                <button type="submit" class="primary">Create</button>
                \(Layout.problem(problem))
                </form>
                """)
    }
}
