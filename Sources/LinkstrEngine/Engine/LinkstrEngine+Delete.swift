import NostrCore

extension LinkstrEngine {
    /// A `root_delete` notice, strict: it takes effect only once matched
    /// to the post and its author. A notice for a post not seen yet is recorded (keyed by its sender,
    /// so it can only ever block that sender's own post) and validated when the post arrives.
    func ingestDelete(_ inbound: InboundRumor, _ payload: LinkstrPayload, report: inout IngestReport) throws -> Verdict {
        guard let postID = try? RumorID(hex: payload.rootID) else {
            return .rejected("root_id '\(payload.rootID)' is not a post id")
        }
        let sessionID = payload.sessionID
        let reference = PostReference(sessionID: sessionID, postID: postID)
        let key = DeletionKey(sessionID: sessionID, postID: postID, deletedBy: inbound.sender)
        if let post = try store.post(reference) {
            guard post.sender == inbound.sender else {
                return .rejected("a delete from someone other than the post's author")
            }
            try store.putDeletion(key, stamp: inbound.stamp)
            try store.deletePost(reference)
            store.deleteReactions(on: reference)
            store.markDeleted(reference)
            report.changes.append(.delete(reference, deletedBy: inbound.sender))
            return .accepted
        }
        guard Stamp.shouldApply(current: try store.deletion(key), incoming: inbound.stamp) else { return .duplicate }
        try store.putDeletion(key, stamp: inbound.stamp)
        return try store.isDeleted(reference) ? .duplicate : .accepted
    }
}
