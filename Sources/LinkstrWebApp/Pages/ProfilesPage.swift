/// One profile of the home, as the switcher and the profiles page show it.
struct ProfileRow: Sendable {
    var name: String
    var npub: String
    /// The profile the app acts on.
    var current: Bool
    var backedUp: Bool
    /// A passphrase protects its key (it can be locked).
    var protected: Bool
    /// Its key is in a remote signer (there is nothing here to back up).
    var remote: Bool
}

/// What the header's profile switcher lists, and the state the page was drawn for (an open page
/// compares it with the app's and loads again when a switch or a lock changed it).
struct ProfileSwitcher: Sendable {
    var profiles: [ProfileRow]
    var state: String
}

extension Layout {
    /// Set by the router around every page it draws for a home with profiles.
    @TaskLocal static var switcher: ProfileSwitcher? = nil
}

/// Profiles: the switcher on every screen, the profiles page (use, rename, back up, remove; add a
/// new one or import a key or a backup; the lock), the removal question and the backup form.
enum ProfilesPage {
    /// Where a message goes: under the form it is about.
    enum Section: String, Sendable {
        case list, add, importing = "import", lock
    }

    /// The header's switcher: the current profile (avatar colour, name, npub); opened, the others to
    /// switch to, "Manage profiles" and, when a passphrase protects the keys, "Lock now".
    static func switcher(_ switcher: ProfileSwitcher, csrf: String) -> String {
        guard let current = switcher.profiles.first(where: \.current) else { return "" }
        let others = switcher.profiles.filter { !$0.current }.map { choice($0, verb: "Switch to", csrf: csrf) }.joined()
        let lock =
            switcher.profiles.contains(where: \.protected)
            ? "<form method=\"post\" action=\"/lock/now\">\(HTML.csrfField(csrf))<button type=\"submit\" class=\"small\">Lock now</button></form>" : ""
        return """
            <details class="switcher"><summary aria-label="Profile \(HTML.escape(current.name)): switch or manage profiles">\(badge(current))</summary>
            <div class="menu"><p class="menu-current">\(badge(current))</p><ul>\(others)</ul><div class="row wrap"><a class="button small" href="/profiles">Manage profiles</a>\(lock)</div></div></details>
            """
    }

    /// A list entry that makes `profile` the active one (as `linkstr profile use`).
    static func choice(_ profile: ProfileRow, verb: String, csrf: String) -> String {
        """
        <li><form method="post" action="/profiles/use">\(HTML.csrfField(csrf))<input type="hidden" name="name" value="\(HTML.escape(profile.name))">\
        <button type="submit" class="profile-choice" aria-label="\(verb) \(HTML.escape(profile.name)) (\(HTML.escape(profile.npub)))">\(badge(profile))</button></form></li>
        """
    }

    /// Avatar, name and the start of the npub (the whole one on hover).
    static func badge(_ profile: ProfileRow) -> String {
        """
        <span class="\(HTML.avatarClass(profile.npub))" aria-hidden="true">\(HTML.initial(profile.name))</span>\
        <span class="who"><span class="name">\(HTML.escape(profile.name))</span><code class="npub" title="\(HTML.escape(profile.npub))">\(HTML.escape(String(profile.npub.prefix(16))))…</code></span>
        """
    }

    /// The fields a form keeps after a refusal (never a passphrase or a key).
    struct Typed: Sendable {
        var addName = ""
        var importName = ""
    }

    static func render(
        _ profiles: [ProfileRow], lock: LockSettings, asksPassphrase: Bool, csrf: String, me: String, typed: Typed = Typed(),
        problem: (section: Section, text: String)? = nil
    ) -> String {
        let said = { (section: Section) in problem?.section == section ? Layout.problem(problem?.text) : "" }
        let passphrase = { (id: String) in
            asksPassphrase
                ? "<label for=\"\(id)\">This home's passphrase <span class=\"hint\">(its keys are kept under it)</span></label>"
                    + "<input id=\"\(id)\" name=\"passphrase\" type=\"password\" autocomplete=\"current-password\" required>"
                : ""
        }
        // Each form's box has a name of its own (boxes sharing a name read as one group).
        let use = { (id: String) in "<label class=\"check\"><input type=\"checkbox\" id=\"\(id)\" name=\"\(id)\" value=\"1\"> Switch to it</label>" }
        return Layout.page(
            title: "Profiles", csrf: csrf, me: me, current: "profiles",
            body: """
                <h1>Profiles</h1>
                <section class="group" aria-labelledby="profiles-title">
                <h2 id="profiles-title">Your profiles</h2>
                <p class="lead">Each profile has its own key, sessions, contacts and saved links. The app acts on the current one.</p>
                <ul class="profiles">\(profiles.enumerated().map { row($1, index: $0, csrf: csrf) }.joined())</ul>
                \(said(.list))
                </section>
                <section class="group" aria-labelledby="add-title">
                <h2 id="add-title">Add a profile</h2>
                <form method="post" action="/profiles/add">
                \(HTML.csrfField(csrf))
                <label for="add-name">Name</label>
                <input id="add-name" name="name" required maxlength="100" autocomplete="off" value="\(HTML.escape(typed.addName))">
                \(passphrase("add-passphrase"))
                \(use("add-use"))
                <button type="submit" class="primary">Add a new key</button>
                \(said(.add))
                </form>
                </section>
                <section class="group" aria-labelledby="import-title">
                <h2 id="import-title">Import a key or a backup</h2>
                <form method="post" action="/profiles/import">
                \(HTML.csrfField(csrf))
                <label for="import-name">Name</label>
                <input id="import-name" name="name" required maxlength="100" autocomplete="off" value="\(HTML.escape(typed.importName))">
                <label for="import-key">Secret key (nsec) or backup (ncryptsec)</label>
                <input id="import-key" name="key" type="password" required spellcheck="false" autocomplete="current-password" placeholder="nsec1… or ncryptsec1…">
                <label for="import-backup-passphrase">The backup's passphrase <span class="hint">(only for an ncryptsec)</span></label>
                <input id="import-backup-passphrase" name="backup_passphrase" type="password" autocomplete="current-password">
                \(passphrase("import-passphrase"))
                \(use("import-use"))
                <button type="submit">Import</button>
                \(said(.importing))
                </form>
                </section>
                <section class="group" aria-labelledby="lock-title">
                <h2 id="lock-title">Lock</h2>
                \(lockSection(lock, csrf: csrf))
                \(said(.lock))
                </section>
                """)
    }

    private static func row(_ profile: ProfileRow, index: Int, csrf: String) -> String {
        let name = HTML.escape(profile.name)
        let query = "?name=" + HTML.escape(profile.name.addingPercentEncodingForPath())
        let use =
            profile.current
            ? "<span class=\"current\">Current</span>"
            : "<form method=\"post\" action=\"/profiles/use\">\(HTML.csrfField(csrf))<input type=\"hidden\" name=\"name\" value=\"\(name)\"><button type=\"submit\" class=\"small\" aria-label=\"Use \(name)\">Use</button></form>"
        let backup =
            profile.remote
            ? "" : "<a class=\"button small\" href=\"/profiles/backup\(query)\" aria-label=\"Back up \(name)\">Back up</a>"
        return """
            <li class="profile"><span class="\(HTML.avatarClass(profile.npub))" aria-hidden="true">\(HTML.initial(profile.name))</span>
            <span class="text"><strong class="name">\(name)</strong><code class="npub">\(HTML.escape(profile.npub))</code>\
            <span class="meta">\(profile.remote ? "key in a remote signer" : profile.backedUp ? "backed up" : "not backed up yet")</span></span>
            <span class="row wrap actions">\(use)\(backup)<a class="button small" href="/profiles/remove\(query)" aria-label="Remove \(name)">Remove</a></span>
            <form method="post" action="/profiles/rename" class="row rename">\(HTML.csrfField(csrf))<input type="hidden" name="old" value="\(name)">\
            <input id="rename-\(index)" name="new" value="\(name)" required maxlength="100" autocomplete="off" aria-label="New name for \(name)">\
            <button type="submit" class="small" aria-label="Rename \(name)">Rename</button></form></li>
            """
    }

    /// Lock now and the auto-lock when a passphrase protects the keys; else setting the master passphrase.
    static func lockSection(_ lock: LockSettings, csrf: String) -> String {
        let setPassphrase = { (title: String, button: String) in
            """
            <form method="post" action="/lock/passphrase" aria-label="\(title)">\(HTML.csrfField(csrf))
            <label for="master">\(title)</label><input id="master" name="passphrase" type="password" autocomplete="new-password" required>
            <label for="master-repeat">Repeat it</label><input id="master-repeat" name="repeat" type="password" autocomplete="new-password" required>
            <button type="submit">\(button)</button></form>
            """
        }
        guard lock.protected else {
            return "<p class=\"lead\">No passphrase protects your keys: whoever uses this computer account can use them. "
                + "A master passphrase encrypts every profile's key under it (as <code>linkstr profile passphrase</code>).</p>"
                + setPassphrase("New master passphrase", "Set the master passphrase")
        }
        let choices = [5, 15, 30, 60, 240, 0] + ([5, 15, 30, 60, 240, 0].contains(lock.autoLockMinutes) ? [] : [lock.autoLockMinutes])
        let options = choices.map { minutes in
            "<option value=\"\(minutes)\"\(minutes == lock.autoLockMinutes ? " selected" : "")>\(minutes == 0 ? "never (until Lock now)" : "after \(minutes) minutes without use")</option>"
        }.joined()
        return """
            <form method="post" action="/lock/now">\(HTML.csrfField(csrf))<button type="submit" class="primary">Lock now</button></form>
            <form method="post" action="/lock/auto" class="inline-form">\(HTML.csrfField(csrf))
            <label for="auto-lock">Lock by itself</label><div class="row"><select id="auto-lock" name="minutes">\(options)</select>
            <button type="submit">Save</button></div>
            <p class="hint">From the next unlock; it is <code>[profiles] auto_lock_minutes</code> in config.toml.</p></form>
            \(LockPage.whileLocked)
            <details><summary>Change the master passphrase</summary>\(setPassphrase("New master passphrase", "Change the master passphrase"))</details>
            """
    }

    /// The command line's question before a profile's key is deleted.
    static func confirmRemoval(name: String, question: String, csrf: String, me: String) -> String {
        Layout.page(
            title: "Remove \(name)?", csrf: csrf, me: me, current: "profiles",
            body: """
                <div class="title-row"><a class="back" href="/profiles" aria-label="Back to the profiles">‹</a><h1>Remove \(HTML.escape(name))?</h1></div>
                <form method="post" action="/profiles/remove" class="group">
                \(HTML.csrfField(csrf))<input type="hidden" name="name" value="\(HTML.escape(name))"><input type="hidden" name="confirm" value="yes">
                <p>\(HTML.escape(question))</p>
                <p class="hint">Its sessions and posts stay here, encrypted, for when you import the key again.</p>
                <div class="actions confirm"><a class="button" href="/profiles">Cancel</a><button type="submit" class="danger">Remove the profile</button></div>
                </form>
                """)
    }

    /// Backing a profile up: a passphrase (twice) for the NIP-49 file, which downloads.
    static func backup(name: String, csrf: String, me: String, problem: String? = nil) -> String {
        Layout.page(
            title: "Back up \(name)", csrf: csrf, me: me, current: "profiles",
            body: """
                <div class="title-row"><a class="back" href="/profiles" aria-label="Back to the profiles">‹</a><h1>Back up \(HTML.escape(name))</h1></div>
                <form method="post" action="/profiles/backup" class="group">
                \(HTML.csrfField(csrf))<input type="hidden" name="name" value="\(HTML.escape(name))">
                <p>The backup is this profile's key encrypted under a passphrase you choose (NIP-49 <code>ncryptsec</code>, which other
                Nostr apps read too). Keep the file somewhere else than this computer; with it and the passphrase you can restore the
                profile (“Restore from a backup” when you start, or Import on this page).</p>
                <label for="backup-passphrase">Backup passphrase</label>
                <input id="backup-passphrase" name="passphrase" type="password" autocomplete="new-password" required>
                <label for="backup-repeat">Repeat it</label>
                <input id="backup-repeat" name="repeat" type="password" autocomplete="new-password" required>
                <button type="submit" class="primary">Download the backup</button>
                \(Layout.problem(problem))
                </form>
                """)
    }
}
