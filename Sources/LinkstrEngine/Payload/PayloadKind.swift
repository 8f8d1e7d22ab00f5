/// The `kind` of a linkstr payload. Any other value rejects the payload.
public enum PayloadKind: String, Sendable, CaseIterable {
    case root
    case rootDelete = "root_delete"
    case sessionCreate = "session_create"
    case sessionMembers = "session_members"
    case reaction
}
