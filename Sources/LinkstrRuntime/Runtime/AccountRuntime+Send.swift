import LinkstrEngine
import LinkstrHost
import NostrCore

extension AccountRuntime {
    /// Gift-wraps `message` for every recipient (the sender included), publishes every wrap and,
    /// once each has a relay's OK, applies it locally and stores it. A failed send changes nothing.
    @discardableResult
    func send(_ message: OutboundMessage) async throws(RuntimeError) -> IngestReport {
        let pool = try await writablePool()
        let rumor = message.rumor
        let unsigned = UnsignedEvent(pubkey: rumor.pubkey, createdAt: rumor.createdAt, kind: rumor.kind, tags: rumor.tags, content: rumor.content)
        let wraps: [GiftWrapOutput]
        do {
            wraps = try GiftWrap.giftWrap(rumor: unsigned, sender: signer, recipients: message.recipients, now: clock())
        } catch {
            throw RuntimeError(.failed, "cannot gift-wrap the message: \(error)")
        }
        try await publishAll(wraps.map(\.event), on: pool)
        let report = try withStore { try engine.confirm(message, wraps: wraps.map { ($0.id, $0.oneTimeKey.secretKey) }, now: clock()) }
        // Our own copies come back from the relays: known, not news.
        for wrap in wraps { store.markWrapSeen(wrap.id) }
        try commit()
        return report
    }

    /// Runs an engine command and sends what it builds.
    func send(_ build: (LinkstrEngine, Int64) throws -> OutboundMessage) async throws(RuntimeError) -> OutboundMessage {
        let message = try withStore { try build(engine, clock()) }
        try await send(message)
        return message
    }

    /// What `read` finds of a message just sent and stored (`what` names it), or why it is not stored.
    private func storedAfterSend<Value>(_ what: String, _ read: () throws(PluginError) -> Value?) throws(RuntimeError) -> Value {
        let stored: Value?
        do {
            stored = try read()
        } catch {
            throw RuntimeError(.failed, "the \(what) was sent but is not stored: \(error.description)")
        }
        guard let stored else { throw RuntimeError(.failed, "the \(what) was sent but is not stored: unknown reason") }
        return stored
    }

    // MARK: Commands

    /// Creates a session and sends `session_create` to every member.
    public func createSession(name: String, members: [PublicKey]) async throws(RuntimeError) -> SessionSummary {
        let message = try await send { engine, now in try engine.createSession(name: name, members: members, now: now) }
        return try summary(of: message.payload.sessionID)
    }

    /// Replaces the member set (creator only).
    public func changeMembers(_ sessionID: SessionID, to members: [PublicKey]) async throws(RuntimeError) -> SessionSummary {
        let messages = try withStore { try engine.changeMembers(sessionID, to: members, now: clock()) }
        for message in messages { try await send(message) }
        return try summary(of: sessionID)
    }

    /// Adds and removes members (creator only): `adding` joins the current set (each person once),
    /// then `removing` leaves it.
    public func changeMembers(_ sessionID: SessionID, adding: [PublicKey], removing: [PublicKey]) async throws(RuntimeError) -> SessionSummary {
        var members = try summary(of: sessionID).members
        for key in adding where !members.contains(key) { members.append(key) }
        members.removeAll { removing.contains($0) }
        return try await changeMembers(sessionID, to: members)
    }

    /// Posts a link; returns the stored post.
    public func post(_ sessionID: SessionID, url: String, note: String?) async throws(RuntimeError) -> Post {
        let message = try await send { engine, now in try engine.post(sessionID, url: url, note: note, now: now) }
        return try storedAfterSend("post") { () throws(PluginError) in try store.post(PostReference(sessionID: sessionID, postID: message.id)) }
    }

    /// Toggles a reaction (`active` nil flips it); returns the reaction as it now is.
    public func react(_ sessionID: SessionID, postID: RumorID, emoji: String, active: Bool?) async throws(RuntimeError) -> Reaction {
        let message = try await send { engine, now in try engine.react(sessionID, postID: postID, emoji: emoji, active: active, now: now) }
        let key = ReactionKey(sessionID: sessionID, postID: postID, emoji: message.payload.emoji ?? emoji, sender: me)
        return try storedAfterSend("reaction") { () throws(PluginError) in try store.reaction(key) }
    }

    /// Deletes an own post: `root_delete` to current and former members, then a NIP-09 request per
    /// wrap, signed with that wrap's one-time key so relays can honour it. Says what the relays keep
    /// (the post is deleted for every member regardless).
    public func delete(_ sessionID: SessionID, postID: RumorID) async throws(RuntimeError) -> PostDeletion {
        let post = try withStore { try store.post(PostReference(sessionID: sessionID, postID: postID)) }
        let ownWraps = zip(post?.wrapIDs ?? [], post?.wrapSecretKeys ?? [])
        _ = try await send { engine, now in try engine.delete(sessionID, postID: postID, now: now) }
        var deletion = PostDeletion(refused: [], withoutWrapKeys: post?.wrapSecretKeys.isEmpty ?? true)
        guard let pool = self.pool else { return deletion }
        for (wrapID, key) in ownWraps {
            let wrapAuthor = LocalSigner(secretKey: key)
            let unsigned = UnsignedEvent(
                pubkey: wrapAuthor.publicKey, createdAt: clock(), kind: 5,
                tags: [["e", wrapID.hex], ["k", String(GiftWrap.wrapKind)]], content: "linkstr post deletion request")
            let request: Event
            do {
                request = try wrapAuthor.sign(unsigned)
            } catch {
                deletion.refused.append("\(wrapID.hex): cannot sign the deletion request (\(error))")
                continue
            }
            do throws(RuntimeError) {
                try await publishAll([request], on: pool)
            } catch {
                deletion.refused.append("\(wrapID.hex): \(error)")
            }
        }
        return deletion
    }
}
