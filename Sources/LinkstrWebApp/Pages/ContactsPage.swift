/// The contacts (the account's follow list) and adding one by npub.
enum ContactsPage {
    static func render(_ contacts: [ContactRow], csrf: String, me: String, key: String = "", alias: String = "", problem: String? = nil) -> String {
        let list =
            contacts.isEmpty
            ? "<p class=\"empty\">No contacts yet. Ask the people you share with for their public key (npub) and add it here.</p>"
            : "<ul class=\"contacts\">"
                + contacts.map { contact in
                    """
                    <li><span class="\(HTML.avatarClass(contact.npub))" aria-hidden="true">\(HTML.initial(contact.name))</span>
                    <span class="text"><span class="name">\(HTML.escape(contact.name))</span>\(contact.publishedName.map { "<span class=\"meta\">\(HTML.escape($0))</span>" } ?? "")<code class="meta">\(HTML.escape(contact.npub))</code></span></li>
                    """
                }.joined() + "</ul>"
        return Layout.page(
            title: "Contacts", csrf: csrf, me: me, current: "contacts",
            body: """
                <h1>Contacts</h1>
                <form method="post" action="/contacts" class="group" aria-label="Add a contact">
                \(HTML.csrfField(csrf))
                <label for="key">Public key</label>
                <input id="key" name="key" required placeholder="npub1… or nostr:npub1…" value="\(HTML.escape(key))" spellcheck="false" autocomplete="off">
                <label for="alias">Alias <span class="hint">(optional, kept on this computer)</span></label>
                <input id="alias" name="alias" value="\(HTML.escape(alias))">
                <button type="submit" class="primary">Add contact</button>
                \(Layout.problem(problem))
                </form>
                \(list)
                """)
    }
}
