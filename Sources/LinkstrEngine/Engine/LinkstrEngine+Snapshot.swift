import NostrCore

extension LinkstrEngine {
    /// The name a session gets when an iPhone creator's `session_members` (which carries no name)
    /// is the first thing we learn of it.
    public static let placeholderSessionName = "untitled session"

    /// `session_create` and `session_members`: only the creator changes
    /// membership; a snapshot is the whole member set; every snapshot is kept, so the order of
    /// arrival does not matter (see `MembershipHistory`).
    func ingestSnapshot(_ inbound: InboundRumor, _ payload: LinkstrPayload, report: inout IngestReport) throws -> Verdict {
        let sessionID = payload.sessionID
        let members = payload.members ?? []
        let sender = inbound.sender
        if payload.kind == .sessionCreate, !members.contains(me) {
            return .rejected("a session_create that does not include you")
        }
        let existing = try store.session(sessionID)
        if let existing {
            guard existing.creator == sender else { return .rejected("only the session's creator may change its members") }
        } else {
            guard members.contains(me) else {
                // Perhaps a later snapshot that removed us, ahead of the session itself.
                return .staged(.session(sessionID), "no session \(sessionID) is known")
            }
        }
        guard members.contains(sender) else {
            return .rejected("the member list leaves out the session's creator")
        }

        var session = existing ?? Session(
            id: sessionID, name: Self.placeholderSessionName, nameStamp: nil, creator: sender,
            updatedAt: inbound.rumor.createdAt)
        var history = try store.membership(sessionID)
        let before = history.current
        guard history.insert(MembershipSnapshot(stamp: inbound.stamp, members: members)) else { return .duplicate }
        try store.putMembership(history, for: sessionID)

        if let name = payload.sessionName, !name.isEmpty, Stamp.shouldApply(current: session.nameStamp, incoming: inbound.stamp) {
            session.name = name
            session.nameStamp = inbound.stamp
        }
        session.updatedAt = max(session.updatedAt, inbound.rumor.createdAt)
        if existing != session {
            try store.putSession(session)
            report.changes.append(.session(session))
        }
        let after = history.current
        if after != before {
            report.changes.append(.members(
                sessionID: sessionID, members: after,
                added: after.filter { !before.contains($0) }, removed: before.filter { !after.contains($0) }))
        }
        try release(.session(sessionID), report: &report)
        try release(.membership(sessionID), report: &report)
        return .accepted
    }
}
