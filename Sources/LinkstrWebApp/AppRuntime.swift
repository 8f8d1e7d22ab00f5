import Foundation
import LinkstrRuntime
import Synchronization

/// Every call the web app makes into the runtime, and only here: the account opened through a
/// ``LinkstrApp`` and its `AccountRuntime` (watched by ``AppWatch``), turned into the plain values
/// the pages show.
///
/// Thread rule: an actor; the account is opened once (at start, or after onboarding) and closed by
/// `close()`. An account that ends (log out, delete) closes its app; the next onboarding gets a new one.
public actor AppRuntime {
    let configuration: RuntimeConfiguration
    var app: LinkstrApp
    let keyStore: KeyStoreKind?
    let live: LiveChanges
    let watches: Bool
    var opened: OpenedAccount?
    var watching: Task<Void, Never>?
    /// "Save for offline" by link: running or failed (a finished one is in the cache).
    private var saves: [String: SaveState] = [:]
    private var saving: [String: Task<Void, Never>] = [:]
    /// linkstr as a bunker, when the person starts it.
    let signerDesk: SignerDesk
    /// Connecting a remote signer, when the person does.
    let signerConnection: SignerConnection
    /// The browser helper's questions to the person.
    let browserHelperDesk: BrowserHelperDesk

    /// - Parameters:
    ///   - keyStore: where an account made or imported in the app keeps its key; nil for the home's default.
    ///   - live: told every change the watch stores.
    ///   - watches: run the watch once the account is open.
    public init(configuration: RuntimeConfiguration, keyStore: KeyStoreKind?, live: LiveChanges, watches: Bool = true) {
        // A remote signer's `auth_url` is said as the front end says it, and shown on the connect page.
        let connection = SignerConnection(live: live)
        var configuration = configuration
        configuration.onAuthURL = { [said = configuration.onAuthURL] url in
            said(url)
            connection.heardAuthURL(url)
        }
        signerConnection = connection
        self.configuration = configuration
        self.app = LinkstrApp(configuration)
        self.keyStore = keyStore
        self.live = live
        self.watches = watches
        signerDesk = SignerDesk(live: live)
        browserHelperDesk = BrowserHelperDesk(live: live)
    }

    // MARK: The account

    /// Whether the home has an account (opened, or opened now).
    func hasAccount() -> Bool {
        (try? runtime()) != nil
    }

    /// Makes a new account; its nsec is handed back once, for the backup step. A `name` is kept and
    /// published (a relay refusing it does not undo the account: `nameProblem` says why).
    func createAccount(name: String?) async throws(AppFailure) -> (npub: String, nsec: String, nameProblem: String?) {
        let key = SecretKey.generate()
        try save(key, name: name)
        var nameProblem: String?
        if let name, let opened {
            do throws(LinkstrError) {
                try await opened.publishName(name)
            } catch {
                nameProblem = error.description
            }
        }
        return (key.publicKey.npub, key.nsec, nameProblem)
    }

    /// Signs in with an existing nsec.
    func importAccount(nsec: String) throws(AppFailure) {
        let key: SecretKey
        do throws(LinkstrError) {
            key = try SecretKey.importing(nsec)
        } catch {
            throw AppFailure(error.description)
        }
        try save(key, name: nil)
    }

    func save(_ key: SecretKey, name: String?, restoredFromBackup: Bool = false) throws(AppFailure) {
        do throws(LinkstrError) {
            let accounts = try app.accounts()
            try accounts.save(
                key, name: name, keyStore: keyStore ?? accounts.defaultKeyStore(), now: Int64(Date().timeIntervalSince1970), restoredFromBackup: restoredFromBackup)
        } catch {
            throw AppFailure(error.description)
        }
        do throws(LinkstrError) {
            try open()
        } catch {
            throw AppFailure(error.description)
        }
    }

    private func open() throws(LinkstrError) {
        let account = try app.account()
        opened = account
        followLock(account)
        guard watches else { return }
        let watch = AppWatch(app: app, account: account, configuration: configuration, live: live)
        watching = Task { await watch.run() }
    }

    /// The account's runtime; the first time the home has an account, it is opened and watched.
    func runtime() throws(AppFailure) -> AccountRuntime {
        if let opened { return opened.runtime }
        // Opening a locked profile would ask for its passphrase on the terminal the app was started from.
        if let locked = lockedProfile() { throw AppFailure("profile '\(locked.name)' is locked", isLocked: true) }
        do throws(LinkstrError) {
            // Whether there is an account at all, without loading a plugin.
            if (try? app.accounts().current()) != nil { try open() }
        } catch {
            throw AppFailure(error.description)
        }
        guard let opened else { throw AppFailure("this home has no account yet", isMissingAccount: true) }
        return opened.runtime
    }

    /// Stops the watch and the account.
    public func close() async {
        browserHelperDesk.stop()
        await signerDesk.stop()
        await signerConnection.cancel()
        for task in saving.values { task.cancel() }
        for task in saving.values { await task.value }
        watching?.cancel()
        await watching?.value
        await app.close()
        opened = nil
    }

    /// Opens the account anew: after a remote signer connected it, or replaced its signer.
    func reopen() async {
        watching?.cancel()
        await watching?.value
        watching = nil
        if opened != nil {
            opened = nil
            await closeApp()
        }
        _ = try? runtime()
    }

    /// Closes the app of the account that ended (its relay client, plugins and storage) and starts
    /// a new one, for what comes next.
    func closeApp() async {
        await app.close()
        app = LinkstrApp(configuration)
    }

    /// The account's npub, for the header.
    func me() throws(AppFailure) -> String {
        try runtime().me.npub
    }

    // MARK: Reading

    /// The sessions, most recently active first: the current ones, or the archived ones.
    func sessions(archived: Bool = false) async throws(AppFailure) -> [SessionRow] {
        let runtime = try runtime()
        return try await mapped {
            try await Sessions.sessions(archived: archived, in: runtime).map { summary in
                SessionRow(
                    id: summary.id.rawValue, name: summary.name, updatedAt: summary.updatedAt, unread: summary.unread,
                    memberCount: summary.members.count, removed: summary.removed)
            }
        }
    }

    /// A page of a session's posts, newest first: the newest `limit`, or the `limit` older than the
    /// cursor `before` (a page's `older`); the session is marked read once read.
    func feed(_ session: String, limit: Int, before: String? = nil) async throws(AppFailure) -> FeedView {
        let runtime = try runtime()
        let me = runtime.me
        let cursor = before.flatMap(FeedCursor.init)
        if let before, cursor == nil { throw AppFailure("'\(before)' is not a place in a feed; go back to the session", isBadInput: true) }
        return try await mapped {
            let id = try await Sessions.resolveSession(session, in: runtime)
            let feed = try await SessionFeed.page(id, limit: limit, before: cursor, in: runtime)
            let thumbnails = Self.cachedThumbnails(runtime.media)
            let posts = feed.items.reversed().map { item in
                PostRow(
                    id: item.post.id.hex, sender: feed.names[item.post.sender] ?? item.post.sender.npub, mine: item.post.sender == me,
                    url: item.post.url, note: item.post.note, title: item.title, createdAt: item.post.createdAt, unread: item.post.unread,
                    reactions: item.reactions.map { ReactionCount(emoji: $0.emoji, count: $0.senders.count, mine: $0.senders.contains(me)) },
                    playback: item.cachedVideo != nil ? .cached : Self.embed(item.post.url, runtime.media).map { Playback.embed(provider: $0.provider, url: $0.url) } ?? .link,
                    hasThumbnail: item.thumbnail.map { thumbnails.file(for: $0) != nil } ?? false, saving: item.cachedVideo == nil ? saves[item.post.url] : nil)
            }
            let lines = feed.membershipChanges.map { change in
                MembershipLine(
                    time: change.time, added: change.added.map { feed.names[$0] ?? $0.npub }, removed: change.removed.map { feed.names[$0] ?? $0.npub })
            }
            // Marking read is a write: only when something is unread (not on every page and live refresh).
            if feed.unread > 0 { _ = try await Sessions.markRead(id, post: nil, in: runtime) }
            return FeedView(
                id: id.rawValue, name: feed.session.name, memberCount: feed.session.members.count, removed: feed.session.removed,
                archived: feed.session.archived, posts: posts, membership: lines.reversed(), older: feed.older?.description, isOlderPage: cursor != nil)
        }
    }

    func contacts() async throws(AppFailure) -> [ContactRow] {
        let runtime = try runtime()
        return try await mapped {
            try await Contacts.contacts(in: runtime).map { contact in
                ContactRow(npub: contact.pubkey.npub, name: contact.displayName, publishedName: contact.alias == nil ? nil : contact.profileName)
            }
        }
    }

    // MARK: Changing

    func post(_ session: String, url: String, note: String?) async throws(AppFailure) {
        let runtime = try runtime()
        try await mapped {
            let id = try await Sessions.resolveSession(session, in: runtime)
            _ = try await Sessions.post(id, url: url, note: note, in: runtime)
        }
    }

    /// Toggles this account's `emoji` on a post.
    func react(_ session: String, post: String, emoji: String) async throws(AppFailure) {
        let runtime = try runtime()
        try await mapped {
            let id = try await Sessions.resolveSession(session, in: runtime)
            let postID = try await Sessions.resolvePost(post, in: id, in: runtime)
            _ = try await Sessions.react(id, postID: postID, emoji: emoji, active: nil, in: runtime)
        }
    }

    /// A new session with `members` (npubs); its id.
    func createSession(name: String, members: [String]) async throws(AppFailure) -> String {
        let runtime = try runtime()
        return try await mapped {
            var keys: [PublicKey] = []
            for member in members { keys.append(try await Contacts.resolvePerson(member, in: runtime)) }
            return try await Sessions.createSession(name: name, members: keys, in: runtime).id.rawValue
        }
    }

    func addContact(_ key: String, alias: String?) async throws(AppFailure) {
        let runtime = try runtime()
        try await mapped {
            let person = try await Contacts.resolvePerson(key, in: runtime)
            _ = try await Contacts.addContact(person, alias: alias, in: runtime)
        }
    }

    /// Archives a session (it leaves the list for the archived ones) or brings it back, as `linkstr session archive/unarchive`.
    func setArchived(_ session: String, _ archived: Bool) async throws(AppFailure) {
        let runtime = try runtime()
        try await mapped { try await Sessions.setArchived(try await Sessions.resolveSession(session, in: runtime), archived, in: runtime) }
    }

    // MARK: Deleting and members

    /// A post as its delete confirmation shows it.
    func postToDelete(_ session: String, post: String) async throws(AppFailure) -> (id: String, url: String, note: String?, mine: Bool) {
        let runtime = try runtime()
        return try await mapped {
            let found = try await Sessions.post(post, in: try await Sessions.resolveSession(session, in: runtime), typed: session, in: runtime)
            return (found.id.hex, found.url, found.note, found.sender == runtime.me)
        }
    }

    /// Deletes this account's post for every member, as `linkstr delete`; the deletion's warnings.
    func delete(_ session: String, post: String) async throws(AppFailure) -> [String] {
        let runtime = try runtime()
        return try await mapped {
            let id = try await Sessions.resolveSession(session, in: runtime)
            return try await Sessions.delete(id, postID: try await Sessions.resolvePost(post, in: id, typed: session, in: runtime), in: runtime).warnings
        }
    }

    /// A session's members, as `linkstr session members` lists them.
    func members(_ session: String) async throws(AppFailure) -> MembersView {
        let runtime = try runtime()
        let me = runtime.me
        return try await mapped {
            let summary = try await Sessions.summary(of: try await Sessions.resolveSession(session, in: runtime), in: runtime)
            let names = await Contacts.displayNames(of: summary.members, in: runtime)
            return MembersView(
                id: summary.id.rawValue, name: summary.name, mayChange: summary.creator == me && !summary.removed, removed: summary.removed,
                members: summary.members.map { key in
                    MemberRow(npub: key.npub, name: key == me ? "You" : names[key] ?? key.npub, isMe: key == me, isCreator: key == summary.creator)
                })
        }
    }

    /// Adds and removes members (creator only, as `linkstr session members --add/--remove`).
    func changeMembers(_ session: String, adding: [String], removing: [String]) async throws(AppFailure) {
        let runtime = try runtime()
        try await mapped {
            let id = try await Sessions.resolveSession(session, in: runtime)
            var add: [PublicKey] = [], remove: [PublicKey] = []
            for person in adding { add.append(try await Contacts.resolvePerson(person, in: runtime)) }
            for person in removing { remove.append(try await Contacts.resolvePerson(person, in: runtime)) }
            _ = try await Sessions.changeMembers(id, adding: add, removing: remove, in: runtime)
        }
    }

    // MARK: You and settings

    /// The account as the You screen shows it: npub, published name, the npub's QR code.
    func identity() async throws(AppFailure) -> IdentityView {
        let runtime = try runtime()
        let npub = runtime.me.npub
        let code: QRCode
        do {
            code = try QRCode(encoding: npub)
        } catch {
            throw AppFailure("cannot draw the QR code of \(npub): \(error)")
        }
        return IdentityView(npub: npub, publishedName: await Contacts.publishedName(in: runtime), qrSize: code.size, qrModules: code.modules)
    }

    /// Publishes `name` as the account's name, or clears it with nil (as `linkstr account name`).
    func publishName(_ name: String?) async throws(AppFailure) {
        _ = try runtime()
        guard let opened else { return }
        do throws(LinkstrError) {
            try await opened.publishName(name)
        } catch {
            throw AppFailure(error)
        }
    }

    /// The secret key, for the one explicit "reveal" (as `linkstr account show --reveal-secret`).
    func revealSecret() throws(AppFailure) -> String {
        _ = try runtime()
        guard let opened else { throw AppFailure("this home has no account yet", isMissingAccount: true) }
        do throws(LinkstrError) {
            return try opened.accounts.secretKey().nsec
        } catch {
            throw AppFailure(error.description)
        }
    }

    /// The relay list with what was last seen of each (`linkstr relay list`).
    func relays() throws(AppFailure) -> [RelayRow] {
        try withRelaySettings { settings throws(AppFailure) in
            do {
                return try settings.list().map { relay in
                    RelayRow(url: relay.url, enabled: relay.enabled, source: relay.source.rawValue, status: relay.status, error: relay.error)
                }
            } catch {
                throw AppFailure("cannot read the relay list: \(error)")
            }
        }
    }

    /// `relay add`, `enable`, `disable`, `remove` or `reset` (`url` unused for reset).
    func changeRelay(_ action: String, url: String) throws(AppFailure) {
        guard ["add", "enable", "disable", "remove", "reset"].contains(action) else { throw AppFailure("unknown relay action \(action)", isBadInput: true) }
        try withRelaySettings { settings throws(AppFailure) in
            do throws(LinkstrError) {
                switch action {
                case "add": _ = try settings.add(url)
                case "enable": try settings.setEnabled(url, true)
                case "disable": try settings.setEnabled(url, false)
                case "remove": try settings.remove(url)
                default: try settings.reset()
                }
            } catch {
                throw AppFailure(error.description, isBadInput: true)
            }
        }
    }

    private func withRelaySettings<Value>(_ body: (RelaySettings) throws(AppFailure) -> Value) throws(AppFailure) -> Value {
        let settings: RelaySettings
        do throws(LinkstrError) {
            settings = try app.relaySettings()
        } catch {
            throw AppFailure(error.description)
        }
        return try body(settings)
    }

    /// One test notification through every active notifier, as `linkstr notify test`: each one's
    /// result, or why none is active.
    func testNotification() async throws(AppFailure) -> [(notifier: String, problem: String?)] {
        let media: MediaRuntime
        do throws(LinkstrError) {
            media = try app.media()
        } catch {
            throw AppFailure(error.description)
        }
        let dispatcher = NotificationDispatcher.start(host: media.host)
        defer { dispatcher.stop() }
        guard !dispatcher.isEmpty else {
            throw AppFailure(dispatcher.notice ?? "no notifier is active (notifiers = [] in \(media.host.paths.configFile)).")
        }
        return await dispatcher.deliver(.test()).results.map { ($0.pluginID, $0.ok ? nil : $0.error ?? "unknown error") }
    }

    /// The bytes this home keeps: its data (sessions, keys, settings) and its cache (videos, thumbnails).
    func storageInUse() throws(AppFailure) -> (data: Int64, cache: Int64) {
        let runtime = try runtime()
        let paths = runtime.media.host.paths
        return (Self.bytes(under: paths.dataDirectory), Self.bytes(under: paths.cacheDirectory))
    }

    private static func bytes(under folder: String) -> Int64 {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return 0 }
        var total: Int64 = 0
        while let name = walker.nextObject() as? String {
            if let attributes = try? FileManager.default.attributesOfItem(atPath: folder + "/" + name), attributes[.type] as? FileAttributeType == .typeRegular {
                total += (attributes[.size] as? NSNumber)?.int64Value ?? 0
            }
        }
        return total
    }

    /// Why `typed` does not confirm deleting the account of `npub`, as `linkstr account delete
    /// --confirm` refuses it; nil when it confirms.
    static func deletionRefusal(_ typed: String, npub: String) -> String? {
        do throws(LinkstrError) {
            try OpenedAccount.checkDeletionConfirmed(typed, npub: npub)
            return nil
        } catch {
            return error.description
        }
    }

    /// Ends the account on this machine, as `linkstr account logout [--clear-data]` and `account
    /// delete` do; the watch stops first and the app is back at onboarding after.
    func end(_ ending: AccountEnding) async throws(AppFailure) {
        _ = try runtime()
        guard let opened else { throw AppFailure("this home has no account yet", isMissingAccount: true) }
        await signerDesk.stop()
        watching?.cancel()
        await watching?.value
        watching = nil
        do throws(LinkstrError) {
            switch ending {
            case .logOut: try opened.accounts.logout()
            case .logOutClearingData: try await opened.logOutClearingData()
            case .deleteAccount: try await opened.deleteAccount()
            }
        } catch {
            // Nothing (or not everything) was ended: the account stays open, and watched again.
            self.opened = nil
            await closeApp()
            _ = try? runtime()
            throw AppFailure(error.description)
        }
        self.opened = nil
        await closeApp()
    }

    // MARK: Playing

    /// A post's cached video file; nil when it has none.
    func cachedVideo(_ session: String, post: String) async throws(AppFailure) -> String? {
        let runtime = try runtime()
        return try await mapped {
            let url = try await postURL(runtime, session, post)
            return runtime.media.cachedVideos(of: [url])[url]
        }
    }

    /// A post's thumbnail file in the local cache; nil when it was never fetched.
    func cachedThumbnail(_ session: String, post: String) async throws(AppFailure) -> String? {
        let runtime = try runtime()
        return try await mapped {
            let url = try await postURL(runtime, session, post)
            guard let thumbnail = try await LinkTitles.storedMetadata(url, in: runtime)?.thumbnail else { return nil }
            return Self.cachedThumbnails(runtime.media).file(for: thumbnail)
        }
    }

    /// The provider player of a post's link (the runtime's static classification: no request is made).
    func embedURL(_ session: String, post: String) async throws(AppFailure) -> String? {
        let runtime = try runtime()
        return try await mapped { Self.embed(try await postURL(runtime, session, post), runtime.media)?.url }
    }

    /// Starts extracting a post's video into the cache ("save for offline"), as `linkstr play` does;
    /// the open pages hear its progress and its end. Saving a link already being saved does nothing.
    func save(_ session: String, post: String) async throws(AppFailure) {
        let runtime = try runtime()
        let (id, url, postID) = try await mapped { () async throws -> (String, String, String) in
            let id = try await Sessions.resolveSession(session, in: runtime)
            let post = try await Sessions.post(post, in: id, typed: session, in: runtime)
            return (id.rawValue, post.url, post.id.hex)
        }
        guard saving[url] == nil else { return }
        let media = runtime.media, live = self.live
        saves[url] = .running(percent: nil)
        let reported = Mutex<Int>(-1)
        saving[url] = Task {
            let outcome: SaveState?
            do throws(MediaFailure) {
                _ = try await media.fetchVideo(url) { done, total in
                    let percent = total > 0 ? Int(done * 100 / total) : nil
                    // One event per percent (or per MiB when the size is unknown), not per chunk.
                    let step = percent ?? Int(done >> 20)
                    guard reported.withLock({ previous in defer { previous = step }; return previous != step }) else { return }
                    live.publish(LiveChange(kind: "saving", session: id, post: postID, percent: percent))
                }
                outcome = nil
            } catch {
                outcome = .failed(error.description)
            }
            self.finishSave(url, outcome)
            live.publish(LiveChange(kind: "saved", session: id, post: postID))
        }
    }

    private func finishSave(_ url: String, _ outcome: SaveState?) {
        saving[url] = nil
        saves[url] = outcome
    }

    private func postURL(_ runtime: AccountRuntime, _ session: String, _ post: String) async throws -> String {
        let id = try await Sessions.resolveSession(session, in: runtime)
        return try await Sessions.post(post, in: id, typed: session, in: runtime).url
    }

    /// The provider and player of `url` when its host is one the app lets frames load from.
    private static func embed(_ url: String, _ media: MediaRuntime) -> (provider: String, url: String)? {
        guard let classification = (try? media.classify(url)) ?? nil, classification.mode == .embed, let embed = classification.embedURL,
            WebAppGuard.embedHosts.contains(where: { embed.hasPrefix($0 + "/") })
        else { return nil }
        return (classification.provider, embed)
    }

    /// The thumbnails in the media cache (`<cache>/thumbnails/<key name>.<extension>`).
    private static func cachedThumbnails(_ media: MediaRuntime) -> CachedThumbnails {
        let folder = media.host.paths.cacheDirectory + "/thumbnails"
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let naming = try? media.cacheNaming()
        return CachedThumbnails(folder: folder, files: files, name: naming.map { naming in { naming.name(for: $0) } })
    }

    /// Runs `body`, its runtime error becoming the message a page shows.
    func mapped<Value: Sendable>(_ body: () async throws -> Value) async throws(AppFailure) -> Value {
        do {
            return try await body()
        } catch let error as LinkstrError {
            throw AppFailure(error)
        } catch {
            throw AppFailure("\(error)")
        }
    }
}

/// The thumbnail files of the media cache, looked up by the image URL a link's metadata named.
private struct CachedThumbnails {
    let folder: String
    /// File name without its extension → file name.
    let byStem: [String: String]
    /// The cache's file name for a source URL (the media cache key's naming); nil when the key cannot be read.
    let name: ((String) -> String)?

    init(folder: String, files: [String], name: ((String) -> String)?) {
        self.folder = folder
        self.name = name
        byStem = Dictionary(files.compactMap { file in file.split(separator: ".").first.map { (String($0), file) } }, uniquingKeysWith: { first, _ in first })
    }

    func file(for thumbnail: String) -> String? {
        guard let name, let file = byStem[name(thumbnail)] else { return nil }
        return folder + "/" + file
    }
}
