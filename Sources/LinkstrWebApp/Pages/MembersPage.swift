/// A session's members. Its creator adds (from the contacts, or by npub) and removes them; the
/// others see the list. The runtime's rules and messages are the command line's.
enum MembersPage {
    static func render(
        _ view: MembersView, contacts: [ContactRow], csrf: String, me: String, key: String = "", chosen: Set<String> = [], problem: String? = nil
    ) -> String {
        let path = "/sessions/\(HTML.segment(view.id))/members"
        let rows = view.members.map { member in
            let remove =
                view.mayChange && !member.isMe
                ? "<form method=\"post\" action=\"\(path)\">\(HTML.csrfField(csrf))<input type=\"hidden\" name=\"remove\" value=\"\(HTML.escape(member.npub))\">"
                    + "<button type=\"submit\" class=\"small\" aria-label=\"Remove \(HTML.escape(member.name))\">Remove</button></form>"
                : ""
            return """
                <li><span class="\(HTML.avatarClass(member.isMe ? "You" : member.npub))" aria-hidden="true">\(HTML.initial(member.name))</span>
                <span class="text"><span class="name-row"><span class="name">\(HTML.escape(shown(member)))</span>\(member.isCreator ? "<span class=\"badge\">creator</span>" : "")</span><code class="meta">\(HTML.escape(member.npub))</code></span>\(remove)</li>
                """
        }.joined()
        let members = Set(view.members.map(\.npub))
        let addable = contacts.filter { !members.contains($0.npub) }
        let change: String
        if view.mayChange {
            change = """
                <form method="post" action="\(path)" class="group" aria-label="Add members">
                \(HTML.csrfField(csrf))
                <h2>Add members</h2>
                \(addable.isEmpty ? "" : SessionsPage.contactChoices(addable, field: "add", legend: "From your contacts", chosen: chosen))
                <label for="key">Or by public key</label>
                <input id="key" name="key" placeholder="npub1… or nostr:npub1…" value="\(HTML.escape(key))" spellcheck="false" autocomplete="off">
                <div class="actions"><button type="submit" class="primary">Add</button></div>
                </form>
                """
        } else {
            change = "<p class=\"lead\">\(view.removed ? "You were removed from this session." : "Only the session's creator adds and removes members.")</p>"
        }
        return Layout.page(
            title: "Members · \(view.name)", csrf: csrf, me: me, current: "sessions",
            body: """
                <div class="title-row"><a class="back" href="/sessions/\(HTML.segment(view.id))" aria-label="Back to the session">‹</a><h1>Members</h1>
                <span class="meta">\(HTML.escape(view.name))</span></div>
                \(Layout.problem(problem))
                <ul class="contacts members" aria-label="Members">\(rows)</ul>
                \(change)
                """)
    }

    /// The member's name; someone known only by npub is shown by its ends (the full npub is under it).
    private static func shown(_ member: MemberRow) -> String {
        guard member.name == member.npub, member.npub.count > 20 else { return member.name }
        return member.npub.prefix(12) + "…" + member.npub.suffix(6)
    }
}
