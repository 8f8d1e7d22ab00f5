import NostrCore

// The use cases as a front end is given them: sessions and people named by text (an id, a name, an
// npub, a contact alias…), resolved here once for the command line and the C API.
extension Sessions {
    /// The members of the session `session` names (``resolveSession(_:in:)``) once the people `adding`
    /// names have joined and those `removing` names have left (creator only); with neither, the
    /// members as they are and nothing is sent.
    /// - Parameter beforeSending: runs once the session and every person are found, before the change
    ///   goes out (the command line shows its connecting step there).
    public static func changeMembers(
        of session: String, adding: [String], removing: [String],
        beforeSending: @Sendable () async throws(LinkstrError) -> Void = {}, in account: isolated AccountRuntime
    ) async throws(LinkstrError) -> SessionSummary {
        let id = try resolveSession(session, in: account)
        guard !adding.isEmpty || !removing.isEmpty else { return try summary(of: id, in: account) }
        let (joining, leaving) = (try Contacts.resolvePeople(adding, in: account), try Contacts.resolvePeople(removing, in: account))
        try await beforeSending()
        return try await changeMembers(id, adding: joining, removing: leaving, in: account)
    }

    /// Creates the session `name` with the people `members` names (you are always a member), and
    /// says when other sessions have that name too (the new one is then named by its id).
    /// - Parameter beforeSending: runs once every member is found, before the session goes out.
    public static func createSession(
        named name: String, members: [String], beforeSending: @Sendable () async throws(LinkstrError) -> Void = {},
        in account: isolated AccountRuntime
    ) async throws(LinkstrError) -> (summary: SessionSummary, namesakeWarning: String?) {
        let keys = try Contacts.resolvePeople(members, in: account)
        try await beforeSending()
        let summary = try await createSession(name: name, members: keys, in: account)
        return (summary, summary.namesakeWarning(try namesakes(of: summary, in: account)))
    }
}
