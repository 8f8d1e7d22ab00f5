import NostrCore

extension LinkstrEngine {
    /// A `reaction` toggle: last writer wins per (session, post, emoji, sender), older toggles are
    /// kept (see `Reaction`); staged until its post arrives; discarded when the post was deleted.
    func ingestReaction(_ inbound: InboundRumor, _ payload: LinkstrPayload, report: inout IngestReport) throws -> Verdict {
        guard let postID = try? RumorID(hex: payload.rootID) else {
            return .rejected("root_id '\(payload.rootID)' is not a post id")
        }
        let sessionID = payload.sessionID
        let reference = PostReference(sessionID: sessionID, postID: postID)
        if try store.isDeleted(reference) { return .rejected("the post was deleted by its author") }
        guard let session = try store.session(sessionID) else {
            return .staged(.session(sessionID), "no session \(sessionID) is known")
        }
        guard let post = try store.post(reference) else {
            return .staged(.post(reference), "the post \(postID.hex) is not known")
        }
        if let verdict = try membershipVerdict(inbound, in: sessionID) { return verdict }
        let key = ReactionKey(sessionID: sessionID, postID: postID, emoji: payload.emoji ?? "", sender: inbound.sender)
        let toggle = ReactionToggle(active: payload.reactionActive ?? false, stamp: inbound.stamp)
        let current = try store.reaction(key)
        var reaction = current ?? Reaction(key: key, active: toggle.active, stamp: toggle.stamp)
        if current != nil, !reaction.insert(toggle) { return .duplicate }
        try store.putReaction(reaction)
        // An older toggle is kept (see `Reaction`); the newest one still wins.
        guard reaction.stamp == toggle.stamp else { return .merged }
        report.changes.append(.reaction(reaction))
        // Notify only on a real change to what is shown (the iPhone app repeats these after a restart).
        let becameActive = try toggle.active && isShown(reaction) && !(current.map(isShown) ?? false)
        if becameActive, inbound.source == .live, inbound.sender != me, !session.archived {
            report.notifications.append(EngineNotification(
                id: "reaction-\(inbound.id.hex)", kind: .reaction, sessionID: sessionID, sessionName: session.name,
                sender: inbound.sender, postID: postID, url: post.url, note: post.note, emoji: key.emoji,
                createdAt: inbound.rumor.createdAt))
        }
        return .accepted
    }
}
