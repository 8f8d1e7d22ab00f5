import LinkstrEngine
import LinkstrHost
import NostrCore

/// The session use cases on the account; ``Sessions`` does the work, on this actor.
extension AccountRuntime {
    public func sessions(archived: Bool) throws(LinkstrError) -> [SessionSummary] {
        try Sessions.sessions(archived: archived, in: self)
    }

    public func summary(of id: SessionID) throws(LinkstrError) -> SessionSummary {
        try Sessions.summary(of: id, in: self)
    }

    public func feed(_ id: SessionID, limit: Int?) throws(LinkstrError) -> [FeedItem] {
        try Sessions.feed(id, limit: limit, in: self)
    }

    public func resolveSession(_ text: String) throws(LinkstrError) -> SessionID {
        try Sessions.resolveSession(text, in: self)
    }

    /// How many leading characters of a session id name it where a name is ambiguous.
    public static let shortIDLength = 8

    /// The first `shortIDLength` characters of `id`.
    public static func shortID(_ id: SessionID) -> String { String(id.rawValue.prefix(shortIDLength)) }

    public func sessions(named name: String) throws(LinkstrError) -> [SessionSummary] {
        try Sessions.sessions(named: name, in: self)
    }

    public func namesakes(of session: SessionSummary) throws(LinkstrError) -> [SessionSummary] {
        try Sessions.namesakes(of: session, in: self)
    }

    public func resolvePost(_ text: String) throws(LinkstrError) -> Post {
        try Sessions.resolvePost(text, in: self)
    }

    public func resolvePost(_ text: String, in session: SessionID, typed: String? = nil) throws(LinkstrError) -> RumorID {
        try Sessions.resolvePost(text, in: session, typed: typed, in: self)
    }

    public func post(_ text: String, in session: SessionID, typed: String? = nil) throws(LinkstrError) -> Post {
        try Sessions.post(text, in: session, typed: typed, in: self)
    }

    public func markRead(_ id: SessionID, post: RumorID?) throws(LinkstrError) -> Int {
        try Sessions.markRead(id, post: post, in: self)
    }

    public func setArchived(_ id: SessionID, _ archived: Bool) throws(LinkstrError) {
        try Sessions.setArchived(id, archived, in: self)
    }

    public func createSession(name: String, members: [PublicKey]) async throws(LinkstrError) -> SessionSummary {
        try await Sessions.createSession(name: name, members: members, in: self)
    }

    public func changeMembers(_ sessionID: SessionID, to members: [PublicKey]) async throws(LinkstrError) -> SessionSummary {
        try await Sessions.changeMembers(sessionID, to: members, in: self)
    }

    public func changeMembers(_ sessionID: SessionID, adding: [PublicKey], removing: [PublicKey]) async throws(LinkstrError) -> SessionSummary {
        try await Sessions.changeMembers(sessionID, adding: adding, removing: removing, in: self)
    }

    public func post(_ sessionID: SessionID, url: String, note: String?) async throws(LinkstrError) -> Post {
        try await Sessions.post(sessionID, url: url, note: note, in: self)
    }

    public func react(_ sessionID: SessionID, postID: RumorID, emoji: String, active: Bool?) async throws(LinkstrError) -> Reaction {
        try await Sessions.react(sessionID, postID: postID, emoji: emoji, active: active, in: self)
    }

    public func delete(_ sessionID: SessionID, postID: RumorID) async throws(LinkstrError) -> PostDeletion {
        try await Sessions.delete(sessionID, postID: postID, in: self)
    }

    public func renameSession(_ id: SessionID, to name: String?) async throws(LinkstrError) -> SessionSummary {
        try await Sessions.renameSession(id, to: name, in: self)
    }

    public func sessionFeed(_ id: SessionID, limit: Int?, fetchingTitles: Bool = false) async throws(LinkstrError) -> SessionFeed {
        try await Sessions.sessionFeed(id, limit: limit, fetchingTitles: fetchingTitles, in: self)
    }

    /// One page of a session's feed: the newest `limit` posts, or those older than `before` (the
    /// `older` cursor of the page before), each page read from its cursor — the hundredth page of a
    /// long session as fast as the first.
    public func feedPage(_ id: SessionID, before: FeedCursor?, limit: Int) async throws(LinkstrError) -> SessionFeed {
        try await Sessions.sessionFeed(id, limit: limit, before: before, in: self)
    }

    public func names(for change: EngineChange) -> ChangeNames {
        Sessions.names(for: change, in: self)
    }
}
