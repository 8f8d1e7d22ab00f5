import NostrCore

extension LinkstrEngine {
    /// A `reaction` toggle: last writer wins per (session, post, emoji, sender); staged
    /// until its post arrives; discarded when the post was deleted.
    func ingestReaction(_ inbound: InboundRumor, _ payload: LinkstrPayload, report: inout IngestReport) -> Verdict {
        guard let postID = try? RumorID(hex: payload.rootID) else {
            return .rejected("root_id '\(payload.rootID)' is not a post id")
        }
        let sessionID = payload.sessionID
        let reference = PostReference(sessionID: sessionID, postID: postID)
        if store.isDeleted(reference) { return .rejected("the post was deleted by its author") }
        guard let session = store.session(sessionID) else {
            return .staged(.session(sessionID), "no session \(sessionID) is known")
        }
        guard let post = store.post(reference) else {
            return .staged(.post(reference), "the post \(postID.hex) is not known")
        }
        if let verdict = membershipVerdict(inbound, in: sessionID) { return verdict }
        let key = ReactionKey(sessionID: sessionID, postID: postID, emoji: payload.emoji ?? "", sender: inbound.sender)
        let current = store.reaction(key)
        guard Stamp.shouldApply(current: current?.stamp, incoming: inbound.stamp) else { return .duplicate }
        let active = payload.reactionActive ?? false
        let reaction = Reaction(key: key, active: active, stamp: inbound.stamp)
        store.putReaction(reaction)
        report.changes.append(.reaction(reaction))
        // Notify only on a real change to active (the iPhone app repeats these after a restart).
        let becameActive = active && current?.active != true
        if becameActive, inbound.source == .live, inbound.sender != me, !session.archived {
            report.notifications.append(EngineNotification(
                id: "reaction-\(inbound.id.hex)", kind: .reaction, sessionID: sessionID, sessionName: session.name,
                sender: inbound.sender, postID: postID, url: post.url, note: post.note, emoji: key.emoji,
                createdAt: inbound.rumor.createdAt))
        }
        return .accepted
    }
}
