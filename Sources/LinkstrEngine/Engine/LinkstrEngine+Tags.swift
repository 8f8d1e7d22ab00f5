import NostrCore

extension LinkstrEngine {
    /// Why a rumor's tags disagree with its payload, or nil. A `reaction` or `root_delete` names its
    /// post twice: in the payload's `root_id` (what the rules read) and in an `e` tag (what other
    /// Nostr software reads). A rumor whose `e` tag names another post is refused, so that the two
    /// readings cannot differ.
    static func tagProblem(_ rumor: Event, _ payload: LinkstrPayload) -> String? {
        guard payload.kind == .reaction || payload.kind == .rootDelete else { return nil }
        let named = rumor.tags.filter { $0.count >= 2 && $0[0] == "e" }.map { $0[1].lowercased() }
        guard named.allSatisfy({ $0 == payload.rootID.lowercased() }) else {
            return "its e tag names another post than its root_id"
        }
        return nil
    }
}
