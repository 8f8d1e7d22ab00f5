import NostrCore

extension LinkstrEngine {
    /// A `root` (a link post); staged until its session is known and its sender a member at its time.
    func ingestRoot(_ inbound: InboundRumor, _ payload: LinkstrPayload, report: inout IngestReport) throws -> Verdict {
        let sessionID = payload.sessionID
        let postID = inbound.id
        guard payload.rootID.isEmpty || payload.rootID == postID.hex else {
            return .rejected("root_id does not match the post's own id")
        }
        let reference = PostReference(sessionID: sessionID, postID: postID)
        if var existing = try store.post(reference) {
            // The same rumor in another wrap: remember every wrap id (for NIP-09 deletes).
            guard !existing.wrapIDs.contains(inbound.wrapID) else { return .duplicate }
            existing.wrapIDs.append(inbound.wrapID)
            try store.putPost(existing)
            return .merged
        }
        if try store.isDeleted(reference) { return .rejected("the post was deleted by its author") }
        guard var session = try store.session(sessionID) else {
            return .staged(.session(sessionID), "no session \(sessionID) is known")
        }
        // Membership first: a delete validates only a post that its sender could send.
        if let verdict = try membershipVerdict(inbound, in: sessionID) { return verdict }
        if try store.deletion(DeletionKey(sessionID: sessionID, postID: postID, deletedBy: inbound.sender)) != nil {
            // The author's delete arrived first: now it is validated.
            store.markDeleted(reference)
            discard(.post(reference), reason: "the post was deleted by its author", report: &report)
            return .rejected("the post was deleted by its author")
        }
        session.updatedAt = max(session.updatedAt, inbound.rumor.createdAt)
        try store.putSession(session)

        let own = inbound.sender == me
        let restored = inbound.source == .historical && restoringIntoEmptyStore
        let post = Post(
            id: postID, sessionID: sessionID, sender: inbound.sender, url: payload.url ?? "", note: payload.note,
            createdAt: inbound.rumor.createdAt, unread: !own && !restored, wrapIDs: [inbound.wrapID])
        try store.putPost(post)
        report.changes.append(.post(post))
        if inbound.source == .live, !own, !session.archived {
            report.notifications.append(EngineNotification(
                id: "post-\(postID.hex)", kind: .post, sessionID: sessionID, sessionName: session.name,
                sender: inbound.sender, postID: postID, url: post.url, note: post.note, emoji: nil,
                createdAt: post.createdAt))
        }
        try release(.post(reference), report: &report)
        return .accepted
    }
}
