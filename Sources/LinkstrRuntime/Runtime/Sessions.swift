import LinkstrEngine
import LinkstrHost
import NostrCore

/// The sessions of an account: reading them (lists, summaries; their feeds are ``SessionFeed``'s),
/// naming them and their posts as people type them, and the commands that change them (create,
/// members, post, react, delete, rename, read, archive), each sent through the outbox.
///
/// Thread rule: runs on the account's actor (`account` is isolated), where its store is touched.
public enum Sessions {
    /// The sessions, most recently active first; archived ones only when asked.
    public static func sessions(archived: Bool, in account: isolated AccountRuntime) throws(LinkstrError) -> [SessionSummary] {
        let records = try account.read(
            StorageQuery(
                owner: account.me.rawBytes, collection: EngineCollection.session, flagsMask: EngineCollection.archivedFlag,
                flagsValue: archived ? EngineCollection.archivedFlag : 0, descending: true))
        var summaries: [SessionSummary] = []
        for record in records {
            guard let id = SessionID(String(decoding: record.key, as: UTF8.self)) else { continue }
            summaries.append(try summary(of: id, in: account))
        }
        return summaries
    }

    /// One session's summary.
    public static func summary(of id: SessionID, in account: isolated AccountRuntime) throws(LinkstrError) -> SessionSummary {
        guard let session = try account.withStore({ try account.store.session(id) }) else {
            throw LinkstrError(.badInput, "no session \(id) in this account")
        }
        let unread = StorageQuery(
            owner: account.me.rawBytes, collection: EngineCollection.post, parent: EngineCollection.sessionKey(id),
            flagsMask: EngineCollection.unreadFlag, flagsValue: EngineCollection.unreadFlag, descending: true)
        // Only posts that are shown count (see `LinkstrEngine.isVisible`): the first one ends the search.
        var anyUnread = false
        try account.forEachRecord(unread, pageSize: 16) { record throws(LinkstrError) in
            let post = try AccountRuntime.storedPost(record)
            anyUnread = try account.withStore { try account.engine.isVisible(post) }
            return !anyUnread
        }
        let members = try account.withStore { try account.store.membership(id).current }
        return SessionSummary(
            id: id, name: try sessionLabels(in: account)[id] ?? session.name, sharedName: session.name, creator: session.creator, members: members,
            removed: !members.contains(account.me), unread: anyUnread, archived: session.archived, updatedAt: session.updatedAt)
    }

    /// How many leading characters of a session id name it where a name is ambiguous.
    static let shortIDLength = 8

    /// The first `shortIDLength` characters of `id`.
    public static func shortID(_ id: SessionID) -> String { String(id.rawValue.prefix(shortIDLength)) }

    /// A session named by its id, by a unique name (case-insensitive; a member's own label counts as
    /// a name), or by a unique short id (the first `shortIDLength` or more characters of its id, any
    /// case). When several sessions have the name, the error lists them with their creator, member
    /// count and short id.
    public static func resolveSession(_ text: String, in account: isolated AccountRuntime) throws(LinkstrError) -> SessionID {
        if let id = SessionID(text), try account.withStore({ try account.store.session(id) }) != nil { return id }
        let matches = try sessions(named: text, in: account)
        switch matches.count {
        case 1: return matches[0].id
        case 0:
            if let id = try session(shortID: text, in: account) { return id }
            throw LinkstrError(.badInput, "no session named or with id '\(text)'; see `linkstr sessions`")
        default:
            let candidates = matches.map { session in
                let count = "\(session.members.count) member\(session.members.count == 1 ? "" : "s")"
                let creator = session.creator == account.me ? "you" : Contacts.displayName(of: session.creator, in: account)
                return "\(Self.shortID(session.id)) (created by \(creator), \(count)\(session.archived ? ", archived" : ""))"
            }
            throw LinkstrError(
                .badInput,
                "\(matches.count) sessions are named '\(text)': \(candidates.joined(separator: ", ")); name one by its short id, "
                    + "or rename one with `linkstr session rename`")
        }
    }

    /// The one session whose id starts with `text` (any case, at least `shortIDLength` characters).
    private static func session(shortID text: String, in account: isolated AccountRuntime) throws(LinkstrError) -> SessionID? {
        let prefix = text.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
        guard prefix.count >= Self.shortIDLength else { return nil }
        let found = try (sessions(archived: false, in: account) + sessions(archived: true, in: account)).filter { $0.id.rawValue.uppercased().hasPrefix(prefix) }
        return found.count == 1 ? found[0].id : nil
    }

    /// The sessions, archived ones included, whose name is `name` (trimmed, case-insensitive).
    public static func sessions(named name: String, in account: isolated AccountRuntime) throws(LinkstrError) -> [SessionSummary] {
        let wanted = name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        return try (sessions(archived: false, in: account) + sessions(archived: true, in: account)).filter { $0.name.lowercased() == wanted }
    }

    /// The other sessions with the name of `session` (case-insensitive, archived ones included): while
    /// there are any, the name alone no longer names `session`, only its id does.
    public static func namesakes(of session: SessionSummary, in account: isolated AccountRuntime) throws(LinkstrError) -> [SessionSummary] {
        try sessions(named: session.name, in: account).filter { $0.id != session.id }
    }

    /// A post of any session, named by its id or a unique prefix of at least 8 hex characters.
    public static func resolvePost(_ text: String, in account: isolated AccountRuntime) throws(LinkstrError) -> Post {
        let references = try posts(matching: text, in: nil, in: account)
        switch references.count {
        case 1:
            guard let post = try account.withStore({ try account.store.post(references[0]) }) else {
                throw LinkstrError(.badInput, "no post \(text)")
            }
            return post
        case 0: throw LinkstrError(.badInput, "no post \(text) in any session")
        default: throw LinkstrError(.badInput, "\(references.count) posts start with \(text); give more characters")
        }
    }

    /// A post of a session named by its id or a unique prefix of at least 8 hex characters. The
    /// error names the session as `typed` (what the user typed), else by its shown name.
    public static func resolvePost(_ text: String, in session: SessionID, typed: String? = nil, in account: isolated AccountRuntime) throws(LinkstrError) -> RumorID {
        let matches = try posts(matching: text, in: session, in: account).map(\.postID)
        switch matches.count {
        case 1: return matches[0]
        case 0:
            var name = typed
            if name == nil { name = try summary(of: session, in: account).name }
            throw LinkstrError(.badInput, "no post \(text) in session '\(name ?? session.rawValue)'; `linkstr feed` lists the posts and their short ids")
        default: throw LinkstrError(.badInput, "\(matches.count) posts start with \(text); give more characters")
        }
    }

    /// A post of a session named by its id or a unique prefix (`resolvePost(_:in:typed:in:)`).
    public static func post(_ text: String, in session: SessionID, typed: String? = nil, in account: isolated AccountRuntime) throws(LinkstrError) -> Post {
        let id = try resolvePost(text, in: session, typed: typed, in: account)
        guard let post = try account.withStore({ try account.store.post(PostReference(sessionID: session, postID: id)) }) else {
            throw LinkstrError(.badInput, "no post \(text) in session '\(typed ?? session.rawValue)'")
        }
        return post
    }

    /// Marks one post, or every post of a session, read; returns how many changed.
    public static func markRead(_ id: SessionID, post: RumorID?, in account: isolated AccountRuntime) throws(LinkstrError) -> Int {
        var posts: [Post] = []
        if let post {
            guard let found = try account.withStore({ try account.store.post(PostReference(sessionID: id, postID: post)) }) else {
                throw LinkstrError(.badInput, "no post \(post.hex) in session \(id)")
            }
            posts = [found]
        } else {
            let unread = try account.read(
                StorageQuery(
                    owner: account.me.rawBytes, collection: EngineCollection.post, parent: EngineCollection.sessionKey(id),
                    flagsMask: EngineCollection.unreadFlag, flagsValue: EngineCollection.unreadFlag))
            for record in unread { posts.append(try AccountRuntime.storedPost(record)) }
        }
        let changed = try account.transaction { try account.engine.markRead(id, posts: posts) }
        return changed
    }

    /// Archives or unarchives a session (local only).
    public static func setArchived(_ id: SessionID, _ archived: Bool, in account: isolated AccountRuntime) throws(LinkstrError) {
        try account.transaction { try account.engine.setArchived(id, archived) }
    }

    /// The posts whose id starts with `text` (at least 8 hex characters), in one session or all.
    private static func posts(matching text: String, in session: SessionID?, in account: isolated AccountRuntime) throws(LinkstrError) -> [PostReference] {
        let wanted = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard wanted.count >= 8, wanted.count <= 64, wanted.allSatisfy(\.isHexDigit) else {
            throw LinkstrError(.badInput, "'\(text)' is not a post id; give the id or at least its first 8 hex characters")
        }
        let records = try account.read(StorageQuery(owner: account.me.rawBytes, collection: EngineCollection.post, parent: session.map(EngineCollection.sessionKey)))
        return records.compactMap { AccountRuntime.postReference($0.key) }.filter { $0.postID.hex.hasPrefix(wanted) }
    }

    /// What `read` finds of a message just sent and stored (`what` names it), or why it is not stored.
    private static func storedAfterSend<Value>(_ what: String, _ read: () throws(PluginError) -> Value?) throws(LinkstrError) -> Value {
        let stored: Value?
        do {
            stored = try read()
        } catch {
            throw LinkstrError(.failed, "the \(what) was sent but is not stored: \(error.description)")
        }
        guard let stored else { throw LinkstrError(.failed, "the \(what) was sent but is not stored: unknown reason") }
        return stored
    }

    /// Creates a session and sends `session_create` to every member.
    public static func createSession(name: String, members: [PublicKey], in account: isolated AccountRuntime) async throws(LinkstrError) -> SessionSummary {
        let message = try await Outbox.send(in: account) { engine, now in try engine.createSession(name: name, members: members, now: now) }
        return try summary(of: message.payload.sessionID, in: account)
    }

    /// Replaces the member set (creator only).
    public static func changeMembers(_ sessionID: SessionID, to members: [PublicKey], in account: isolated AccountRuntime) async throws(LinkstrError) -> SessionSummary {
        let messages = try account.withStore { try account.engine.changeMembers(sessionID, to: members, now: account.clock()) }
        for message in messages { try await Outbox.send(message, in: account) }
        return try summary(of: sessionID, in: account)
    }

    /// Adds and removes members (creator only): `adding` joins the current set (each person once),
    /// then `removing` leaves it.
    public static func changeMembers(_ sessionID: SessionID, adding: [PublicKey], removing: [PublicKey], in account: isolated AccountRuntime) async throws(LinkstrError) -> SessionSummary {
        var members = try summary(of: sessionID, in: account).members
        for key in adding where !members.contains(key) { members.append(key) }
        members.removeAll { removing.contains($0) }
        return try await changeMembers(sessionID, to: members, in: account)
    }

    /// Posts a link; returns the stored post.
    public static func post(_ sessionID: SessionID, url: String, note: String?, in account: isolated AccountRuntime) async throws(LinkstrError) -> Post {
        let message = try await Outbox.send(in: account) { engine, now in try engine.post(sessionID, url: url, note: note, now: now) }
        return try storedAfterSend("post") { () throws(PluginError) in try account.store.post(PostReference(sessionID: sessionID, postID: message.id)) }
    }

    /// Toggles a reaction (`active` nil flips it); returns the reaction as it now is.
    public static func react(_ sessionID: SessionID, postID: RumorID, emoji: String, active: Bool?, in account: isolated AccountRuntime) async throws(LinkstrError) -> Reaction {
        let message = try await Outbox.send(in: account) { engine, now in try engine.react(sessionID, postID: postID, emoji: emoji, active: active, now: now) }
        let key = ReactionKey(sessionID: sessionID, postID: postID, emoji: message.payload.emoji ?? emoji, sender: account.me)
        return try storedAfterSend("reaction") { () throws(PluginError) in try account.store.reaction(key) }
    }

    /// Deletes an own post: `root_delete` to current and former members, then a NIP-09 request per
    /// wrap, signed with that wrap's one-time key so relays can honour it. Says what the relays keep
    /// (the post is deleted for every member regardless).
    public static func delete(_ sessionID: SessionID, postID: RumorID, in account: isolated AccountRuntime) async throws(LinkstrError) -> PostDeletion {
        let post = try account.withStore { try account.store.post(PostReference(sessionID: sessionID, postID: postID)) }
        let ownWraps = zip(post?.wrapIDs ?? [], post?.wrapSecretKeys ?? [])
        _ = try await Outbox.send(in: account) { engine, now in try engine.delete(sessionID, postID: postID, now: now) }
        var deletion = PostDeletion(refused: [], withoutWrapKeys: post?.wrapSecretKeys.isEmpty ?? true)
        guard let pool = account.pool else { return deletion }
        for (wrapID, key) in ownWraps {
            let wrapAuthor = LocalSigner(secretKey: key)
            let unsigned = UnsignedEvent(
                pubkey: wrapAuthor.publicKey, createdAt: account.clock(), kind: 5,
                tags: [["e", wrapID.hex], ["k", String(GiftWrap.wrapKind)]], content: "linkstr post deletion request")
            let request: Event
            do {
                request = try wrapAuthor.sign(unsigned)
            } catch {
                deletion.refused.append("\(wrapID.hex): cannot sign the deletion request (\(error))")
                continue
            }
            do throws(LinkstrError) {
                try await Outbox.publishAll([request], on: pool, in: account)
            } catch {
                deletion.refused.append("\(wrapID.hex): \(error)")
            }
        }
        return deletion
    }

    /// Renames a session. The creator renames it for everyone: a snapshot with the current members
    /// and the new name goes to every member (`LinkstrEngine.renameSession`), through the relays' OK.
    /// A member gives it a label kept on this machine only, shown instead of the creator's name
    /// until cleared (nil), and found by `resolveSession` like a name.
    /// - Parameter beforeSending: runs before the creator's rename goes out (never for a label).
    public static func renameSession(
        _ id: SessionID, to name: String?, beforeSending: @Sendable () async throws(LinkstrError) -> Void = {}, in account: isolated AccountRuntime
    ) async throws(LinkstrError) -> SessionSummary {
        let current = try summary(of: id, in: account)
        if current.creator == account.me {
            guard let name else { throw LinkstrError(.badInput, "you created this session: its name is everyone's; give the new name") }
            try await beforeSending()
            _ = try await Outbox.send(in: account) { engine, now in try engine.renameSession(id, to: name, now: now) }
            // A label set before (when the name was someone else's) gives way to the shared name.
            try setSessionLabel(nil, for: id, in: account)
        } else {
            let label = name?.trimmingCharacters(in: .whitespacesAndNewlines)
            if label?.isEmpty == true { throw LinkstrError(.badInput, "a session needs a name") }
            try setSessionLabel(label, for: id, in: account)
        }
        return try summary(of: id, in: account)
    }

    /// This account's own session labels, by session.
    static func sessionLabels(in account: isolated AccountRuntime) throws(LinkstrError) -> [SessionID: String] {
        guard let bytes = try account.withStore({ try account.store.read(EngineCollection.accountState, key: Array(AccountStateKey.sessionLabels.utf8)) }) else {
            return [:]
        }
        do {
            var reader = try RecordValueReader(bytes)
            var labels: [SessionID: String] = [:]
            for _ in 0..<(try reader.count()) {
                let id = try reader.string()
                let label = try reader.string()
                if let session = SessionID(id) { labels[session] = label }
            }
            return labels
        } catch {
            throw LinkstrError(.storage, "storage: the session labels are damaged (\(error))")
        }
    }

    private static func setSessionLabel(_ label: String?, for id: SessionID, in account: isolated AccountRuntime) throws(LinkstrError) {
        var labels = try sessionLabels(in: account)
        guard labels[id] != label else { return }
        labels[id] = label
        var writer = RecordValueWriter(version: 1)
        writer.count(labels.count)
        for (session, text) in labels.sorted(by: { $0.key < $1.key }) {
            writer.string(session.rawValue)
            writer.string(text)
        }
        try account.transaction { try account.store.put(EngineCollection.accountState, key: Array(AccountStateKey.sessionLabels.utf8), value: writer.bytes) }
    }

    /// The names `change` is shown with.
    public static func names(for change: EngineChange, in account: isolated AccountRuntime) -> ChangeNames {
        ChangeNames(session: try? summary(of: change.sessionID, in: account).name, people: Contacts.displayNames(of: change.people, in: account), me: account.me)
    }
}
