// The use cases as a front end is given them: sessions and people named by text (an id, a name, an
// npub, a contact alias…), resolved here once for the command line and the C API.
extension AccountRuntime {
    /// Each of `texts` as a person (``resolvePerson(_:)``), in order; the first that names nobody throws.
    public func resolvePeople(_ texts: [String]) throws(LinkstrError) -> [PublicKey] {
        var keys: [PublicKey] = []
        for text in texts { keys.append(try resolvePerson(text)) }
        return keys
    }

    /// The members of the session `session` names (``resolveSession(_:)``) once the people `adding`
    /// names have joined and those `removing` names have left (creator only); with neither, the
    /// members as they are and nothing is sent.
    /// - Parameter beforeSending: runs once the session and every person are found, before the change
    ///   goes out (the command line shows its connecting step there).
    public func changeMembers(
        of session: String, adding: [String], removing: [String],
        beforeSending: @Sendable () async throws(LinkstrError) -> Void = {}
    ) async throws(LinkstrError) -> SessionSummary {
        let id = try resolveSession(session)
        guard !adding.isEmpty || !removing.isEmpty else { return try summary(of: id) }
        let (joining, leaving) = (try resolvePeople(adding), try resolvePeople(removing))
        try await beforeSending()
        return try await changeMembers(id, adding: joining, removing: leaving)
    }

    /// Creates the session `name` with the people `members` names (you are always a member), and
    /// says when other sessions have that name too (the new one is then named by its id).
    /// - Parameter beforeSending: runs once every member is found, before the session goes out.
    public func createSession(
        named name: String, members: [String], beforeSending: @Sendable () async throws(LinkstrError) -> Void = {}
    ) async throws(LinkstrError) -> (summary: SessionSummary, namesakeWarning: String?) {
        let keys = try resolvePeople(members)
        try await beforeSending()
        let summary = try await createSession(name: name, members: keys)
        return (summary, summary.namesakeWarning(try namesakes(of: summary)))
    }
}
