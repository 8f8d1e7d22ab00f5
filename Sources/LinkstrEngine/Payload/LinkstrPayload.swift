import NostrCore

/// The JSON content of a kind-44001 rumor, decoded and validated.
///
/// A value type; safe to share between threads.
public struct LinkstrPayload: Equatable, Sendable {
    public var kind: PayloadKind
    public var sessionID: SessionID
    /// `root_id` trimmed: "" for a root (or the rumor id), the target post for reactions and deletes,
    /// a throwaway token for session payloads.
    public var rootID: String
    /// Normalized (`WebURL`); required for `root`.
    public var url: String?
    /// As received (iOS stores it untrimmed); trimmed and omitted when empty on send.
    public var note: String?
    /// Informational only: ordering always uses the rumor's created_at.
    public var timestamp: Int64?
    public var sessionName: String?
    public var members: [PublicKey]?
    /// Trimmed.
    public var emoji: String?
    public var reactionActive: Bool?

    public init(
        kind: PayloadKind, sessionID: SessionID, rootID: String, url: String? = nil, note: String? = nil,
        timestamp: Int64? = nil, sessionName: String? = nil, members: [PublicKey]? = nil, emoji: String? = nil,
        reactionActive: Bool? = nil
    ) {
        self.kind = kind
        self.sessionID = sessionID
        self.rootID = rootID
        self.url = url
        self.note = note
        self.timestamp = timestamp
        self.sessionName = sessionName
        self.members = members
        self.emoji = emoji
        self.reactionActive = reactionActive
    }

    /// The fields each kind needs and the size limits of `PayloadLimits` (for a payload to send).
    public func validate() throws(PayloadError) {
        try validateFields()
        if let note, note.utf8.count > PayloadLimits.noteBytes {
            throw PayloadError("the note is \(note.utf8.count) bytes; the limit is \(PayloadLimits.noteBytes)")
        }
        if let members, members.count > PayloadLimits.members {
            throw PayloadError("a member list has \(members.count) entries; the limit is \(PayloadLimits.members)")
        }
        if let sessionName, sessionName.utf8.count > PayloadLimits.sessionNameBytes {
            throw PayloadError("the session name is longer than \(PayloadLimits.sessionNameBytes) bytes")
        }
        if let emoji, emoji.utf8.count > PayloadLimits.emojiBytes {
            throw PayloadError("the emoji is longer than \(PayloadLimits.emojiBytes) bytes")
        }
    }

    /// The fields each kind needs (a received payload: its size is bounded by the seal).
    func validateFields() throws(PayloadError) {
        switch kind {
        case .root:
            guard url != nil else { throw PayloadError("a post needs a URL") }
        case .rootDelete:
            guard !rootID.isEmpty else { throw PayloadError("a delete needs the id of the post (root_id)") }
        case .sessionCreate:
            guard let sessionName, !sessionName.isEmpty else { throw PayloadError("a session needs a name") }
            guard members != nil else { throw PayloadError("session_create needs member_pubkeys") }
        case .sessionMembers:
            guard members != nil else { throw PayloadError("session_members needs member_pubkeys") }
        case .reaction:
            guard !rootID.isEmpty else { throw PayloadError("a reaction needs the id of the post (root_id)") }
            guard let emoji, !emoji.isEmpty else { throw PayloadError("a reaction needs an emoji") }
            guard reactionActive != nil else { throw PayloadError("a reaction needs reaction_active") }
        }
    }

    /// The rumor tags the iPhone app sends: `["e", root_id, "", "root"]` for reactions and
    /// deletes, none otherwise.
    public var rumorTags: [[String]] {
        switch kind {
        case .reaction, .rootDelete: [["e", rootID, "", "root"]]
        case .root, .sessionCreate, .sessionMembers: []
        }
    }
}

/// Why a payload is invalid: on send, the error a person sees; on receive, the rejection reason
/// counted by `sync`.
public struct PayloadError: Error, Equatable, Sendable, CustomStringConvertible {
    public let reason: String

    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}

/// The `kind` of a linkstr payload. Any other value rejects the payload.
public enum PayloadKind: String, Sendable, CaseIterable {
    case root
    case rootDelete = "root_delete"
    case sessionCreate = "session_create"
    case sessionMembers = "session_members"
    case reaction
}
