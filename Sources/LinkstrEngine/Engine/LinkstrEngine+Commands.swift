import Foundation
import NostrCore

/// The user's commands: each throws a `CommandError` when it cannot be made; those that read the store
/// also rethrow what the store throws.
extension LinkstrEngine {
    // MARK: Building messages

    /// A new session: `session_create` to every member (the creator first, deduplicated).
    public func createSession(name: String, members: [PublicKey], now: Int64) throws(CommandError) -> OutboundMessage {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw CommandError("a session needs a name", badInput: true) }
        let everyone = deduplicated([me] + members)
        let payload = LinkstrPayload(
            kind: .sessionCreate, sessionID: .random(), rootID: Self.randomToken(), timestamp: now,
            sessionName: trimmed, members: everyone)
        return try message(payload, recipients: everyone, now: now)
    }

    /// A new member set (creator only): `session_members` to prior and next members, and — so that
    /// members added later see the session even on iPhones, which ignore snapshots of unknown
    /// sessions — a `session_create` to the newly added ones.
    public func changeMembers(_ sessionID: SessionID, to members: [PublicKey], now: Int64) throws -> [OutboundMessage] {
        guard let session = try store.session(sessionID) else { throw CommandError.unknownSession(sessionID) }
        guard session.creator == me else { throw CommandError("only the session creator can manage members.") }
        let next = deduplicated([me] + members)
        let history = try store.membership(sessionID)
        let prior = history.current
        var snapshot = LinkstrPayload(
            kind: .sessionMembers, sessionID: sessionID, rootID: "", timestamp: now, sessionName: session.name, members: next)
        var messages = [try newestSnapshot(snapshot, to: deduplicated(prior + next), after: history, now: now)]
        let added = next.filter { !prior.contains($0) }
        if !added.isEmpty {
            snapshot.kind = .sessionCreate
            messages.append(try newestSnapshot(snapshot, to: deduplicated([me] + added), after: history, now: now))
        }
        return messages
    }

    /// A new name for everyone (creator only): a `session_create` with the current members and the
    /// new name, to the current members. A `session_create` because the iPhone app takes an existing
    /// session's name only from those (from its creator); linkstr takes it from either snapshot.
    public func renameSession(_ sessionID: SessionID, to name: String, now: Int64) throws -> OutboundMessage {
        guard let session = try store.session(sessionID) else { throw CommandError.unknownSession(sessionID) }
        guard session.creator == me else { throw CommandError("only the session creator can rename it for everyone.") }
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw CommandError("a session needs a name", badInput: true) }
        let history = try store.membership(sessionID)
        let members = deduplicated([me] + history.current)
        let snapshot = LinkstrPayload(
            kind: .sessionCreate, sessionID: sessionID, rootID: "", timestamp: now, sessionName: trimmed, members: members)
        return try newestSnapshot(snapshot, to: members, after: history, now: now)
    }

    /// A link post to the session's active members.
    public func post(_ sessionID: SessionID, url: String, note: String?, now: Int64) throws -> OutboundMessage {
        let recipients = try activeRecipients(sessionID, now: now)
        let normalized: String
        do {
            normalized = try WebURL.normalizeForSending(url)
        } catch {
            throw CommandError(error.reason, badInput: true)
        }
        let trimmedNote = note?.trimmingCharacters(in: .whitespacesAndNewlines)
        let payload = LinkstrPayload(
            kind: .root, sessionID: sessionID, rootID: "", url: normalized,
            note: trimmedNote?.isEmpty == false ? trimmedNote : nil, timestamp: now)
        return try message(payload, recipients: recipients, now: now)
    }

    /// A reaction toggle of exactly one emoji (`ReactionEmoji`). `active` nil flips this account's
    /// current state for that emoji.
    public func react(_ sessionID: SessionID, postID: RumorID, emoji: String, active: Bool?, now: Int64) throws -> OutboundMessage {
        let valid: String
        do {
            valid = try ReactionEmoji.validated(emoji)
        } catch {
            throw CommandError(error.reason, badInput: true)
        }
        let recipients = try activeRecipients(sessionID, now: now)
        guard try store.post(PostReference(sessionID: sessionID, postID: postID)) != nil else {
            throw CommandError("no post \(postID.hex) in session \(sessionID)", badInput: true)
        }
        let key = ReactionKey(sessionID: sessionID, postID: postID, emoji: valid, sender: me)
        let current = try store.reaction(key)
        // The toggle must be the newest state everywhere, also when the previous one was made in
        // the same second: the last writer wins by (created_at, id), so it goes a second later.
        let time = current.map { max(now, $0.stamp.time + 1) } ?? now
        let payload = LinkstrPayload(
            kind: .reaction, sessionID: sessionID, rootID: postID.hex, timestamp: time, emoji: valid,
            reactionActive: try active ?? !(current.map(isShown) ?? false))
        return try message(payload, recipients: recipients, now: time)
    }

    /// A `root_delete` of our own post, to every current and former member. The host also publishes a
    /// NIP-09 request for the post's wraps (see `Post.wrapIDs` / `wrapSecretKeys`).
    public func delete(_ sessionID: SessionID, postID: RumorID, now: Int64) throws -> OutboundMessage {
        guard try store.session(sessionID) != nil else { throw CommandError.unknownSession(sessionID) }
        guard let post = try store.post(PostReference(sessionID: sessionID, postID: postID)) else {
            throw CommandError("no post \(postID.hex) in session \(sessionID)", badInput: true)
        }
        guard post.sender == me else { throw CommandError("you can only delete posts you sent.") }
        let payload = LinkstrPayload(kind: .rootDelete, sessionID: sessionID, rootID: postID.hex, timestamp: now)
        return try message(payload, recipients: deduplicated([me] + store.membership(sessionID).everyone), now: now)
    }

    // MARK: After the relays accepted it

    /// Applies a sent message locally, once every wrap has a relay's OK (no offline outbox: a failed
    /// send changes nothing). For a post, records its wraps and their one-time keys.
    public func confirm(_ message: OutboundMessage, wraps: [(id: WrapID, secretKey: SecretKey)], now: Int64) throws -> IngestReport {
        guard let first = wraps.first else { return IngestReport() }
        let report = try ingest(InboundRumor(rumor: message.rumor, wrapID: first.id, source: .own), now: now)
        let reference = PostReference(sessionID: message.payload.sessionID, postID: message.id)
        if message.payload.kind == .root, var post = try store.post(reference) {
            post.wrapIDs = wraps.map(\.id)
            post.wrapSecretKeys = wraps.map(\.secretKey)
            try store.putPost(post)
        }
        return report
    }

    // MARK: Local state

    /// Marks one post, or every post of the session, read. Returns how many changed.
    @discardableResult
    public func markRead(_ sessionID: SessionID, posts: [Post]) throws -> Int {
        var changed = 0
        for var post in posts where post.sessionID == sessionID && post.unread {
            post.unread = false
            try store.putPost(post)
            changed += 1
        }
        return changed
    }

    /// Archives or unarchives a session (local only).
    public func setArchived(_ sessionID: SessionID, _ archived: Bool) throws {
        guard var session = try store.session(sessionID) else { throw CommandError.unknownSession(sessionID) }
        session.archived = archived
        try store.putSession(session)
    }

    // MARK: Helpers

    private func activeRecipients(_ sessionID: SessionID, now: Int64) throws -> [PublicKey] {
        guard try store.session(sessionID) != nil else { throw CommandError.unknownSession(sessionID) }
        let members = try store.membership(sessionID).current
        guard members.contains(me) else { throw CommandError("you're no longer a member of this session.") }
        return deduplicated(members)
    }

    /// `snapshot` as the session's newest snapshot everywhere, even when the previous one was made in
    /// the same second (snapshots are ordered by (created_at, rumor id)): its time is never before
    /// the newest snapshot's, and on a tie the throwaway root_id is drawn again until the rumor id
    /// is the larger one.
    private func newestSnapshot(
        _ snapshot: LinkstrPayload, to recipients: [PublicKey], after history: MembershipHistory, now: Int64
    ) throws(CommandError) -> OutboundMessage {
        let latest = history.snapshots.last?.stamp
        let time = max(now, latest?.time ?? now)
        var snapshot = snapshot
        snapshot.timestamp = time
        while true {
            snapshot.rootID = Self.randomToken()
            let built = try message(snapshot, recipients: recipients, now: time)
            if let latest, Stamp(time: time, eventID: built.id) <= latest { continue }
            return built
        }
    }

    private func message(_ payload: LinkstrPayload, recipients: [PublicKey], now: Int64) throws(CommandError) -> OutboundMessage {
        do {
            try payload.validate()
        } catch {
            throw CommandError(error.reason, badInput: true)
        }
        let content = payload.encoded()
        guard content.utf8.count <= PayloadLimits.contentBytes else {
            throw CommandError("the message is \(content.utf8.count) bytes; the limit is \(PayloadLimits.contentBytes)", badInput: true)
        }
        let rumor = UnsignedEvent(pubkey: me, createdAt: now, kind: Self.rumorKind, tags: payload.rumorTags, content: content).rumor()
        return OutboundMessage(payload: payload, rumor: rumor, recipients: recipients)
    }

    private func deduplicated(_ keys: [PublicKey]) -> [PublicKey] {
        var seen = Set<PublicKey>()
        return keys.filter { seen.insert($0).inserted }
    }

    /// A throwaway `root_id` for session payloads, in the iPhone app's format.
    static func randomToken() -> String {
        UUID().uuidString.replacingOccurrences(of: "-", with: "")
    }
}
