/// The home has no account: create one (with its backup step) or sign in with an nsec.
enum OnboardingPage {
    static func render(csrf: String, problem: String? = nil) -> String {
        Layout.page(
            title: "Welcome", csrf: csrf,
            body: """
                <h1>Welcome to linkstr</h1>
                <p class="lead">Share videos and links privately with the people you choose.</p>
                <section class="group" aria-labelledby="create-title">
                <h2 id="create-title">Create an account</h2>
                <form method="post" action="/onboarding/create">
                \(HTML.csrfField(csrf))
                <label for="name">Your name <span class="hint">(optional, visible to others)</span></label>
                <input id="name" name="name" autocomplete="nickname" maxlength="100">
                <button type="submit" class="primary">Create account</button>
                </form>
                </section>
                <section class="group" aria-labelledby="import-title">
                <h2 id="import-title">Sign in</h2>
                <form method="post" action="/onboarding/import">
                \(HTML.csrfField(csrf))
                <label for="nsec">Your secret key (nsec)</label>
                <input id="nsec" name="nsec" type="password" autocomplete="current-password" spellcheck="false" required placeholder="nsec1…">
                <button type="submit">Sign in</button>
                </form>
                </section>
                <section class="group" aria-labelledby="remote-title">
                <h2 id="remote-title">Use a remote signer</h2>
                <p>Your key stays in your signer (Amber, nsec.app, a bunker): paste its bunker:// link or scan a code.</p>
                <a class="button" href="/signer/remote">Connect a remote signer</a>
                </section>
                \(Layout.problem(problem))
                """)
    }

    /// The backup step: the new nsec, shown this once.
    static func backup(csrf: String, npub: String, nsec: String, nameProblem: String?) -> String {
        Layout.page(
            title: "Your secret key", csrf: csrf, me: npub,
            body: """
                <h1>Save your secret key</h1>
                <section class="group">
                <p>This is the password to sign in to your account again, here or on another device. It is shown only now:
                keep it somewhere safe, and never share it.</p>
                <label for="nsec">Secret key</label>
                <input id="nsec" class="secret" readonly value="\(HTML.escape(nsec))" spellcheck="false">
                <button type="button" data-copy="nsec">Copy</button>
                <p class="hint">Your public key, to give to others: <code>\(HTML.escape(npub))</code></p>
                </section>
                \(nameProblem.map { Layout.problem("Your name was not published: \($0.hasSuffix(".") ? String($0.dropLast()) : $0). You can publish it later.") } ?? "")
                <p><a class="button primary" href="/">I saved it, continue</a></p>
                """)
    }
}
