import Foundation

/// What the lock screen shows of the locked profile (nothing secret) and of the auto-lock.
struct LockView: Sendable {
    var name: String
    var identity: IdentityView
    /// When the unlock agent last locked itself; nil when it was locked on purpose (or never unlocked).
    var autoLockedAt: Date?
    var autoLockMinutes: Int
}

/// Whether a passphrase protects the home's keys (else there is nothing to lock), and the auto-lock.
struct LockSettings: Sendable {
    var protected: Bool
    var autoLockMinutes: Int
}

/// The lock screen: who is locked (name, npub, its QR code and "copy npub": nothing secret needed),
/// unlocking with the master passphrase, and what keeps running while locked.
enum LockPage {
    static func render(_ view: LockView, csrf: String, problem: String? = nil) -> String {
        let when = view.autoLockedAt.map { "<p class=\"lead\">It locked itself at \(HTML.escape(clock($0))), after \(view.autoLockMinutes) minute\(view.autoLockMinutes == 1 ? "" : "s") without use.</p>" } ?? ""
        return Layout.page(
            title: "Locked", csrf: csrf,
            body: """
                <h1>linkstr is locked</h1>
                \(when)
                <section class="group identity" aria-labelledby="npub-label">
                \(YouPage.qrCode(view.identity))
                <div class="identity-text">
                <p class="locked-name"><span class="\(HTML.avatarClass(view.identity.npub))" aria-hidden="true">\(HTML.initial(view.name))</span> <strong>\(HTML.escape(view.name))</strong></p>
                <label id="npub-label" for="npub">Public key (npub)</label>
                <input id="npub" class="secret" readonly value="\(HTML.escape(view.identity.npub))">
                <button type="button" data-copy="npub">Copy npub</button>
                </div>
                </section>
                <form method="post" action="/lock/unlock" class="group" aria-labelledby="unlock-title">
                \(HTML.csrfField(csrf))
                <h2 id="unlock-title">Unlock</h2>
                <label for="passphrase">Master passphrase</label>
                <input id="passphrase" name="passphrase" type="password" autocomplete="current-password" required autofocus>
                <button type="submit" class="primary">Unlock</button>
                \(Layout.problem(problem))
                </form>
                <section class="group" aria-labelledby="running-title">
                <h2 id="running-title">While locked</h2>
                \(whileLocked)
                </section>
                """)
    }

    /// What keeps running while locked, as the lock works for every part of linkstr.
    static let whileLocked = """
        <ul class="while-locked">
        <li>No page, command, bunker or browser request gets your key without the passphrase; your name, npub and QR code stay readable.</li>
        <li><strong>After the auto-lock</strong> (the time set for it without use): this app's own watch, <code>linkstr watch</code> and the background service keep opening, storing and notifying your new messages; the bunker answers “locked” and the browser helper refuses.</li>
        <li><strong>After Lock now</strong> (or <code>linkstr lock</code>): everything that holds the key lets it go. This app's watch stops, and what arrives meanwhile is fetched when you unlock; a running <code>linkstr watch</code> keeps receiving and opens what waits once unlocked; the bunker and the browser helper refuse.</li>
        </ul>
        """

    /// `14:05`, the local time.
    private static func clock(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm"
        return formatter.string(from: date)
    }
}
