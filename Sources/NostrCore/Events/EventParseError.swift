import StrictJSON

/// Why event JSON was refused, with the field it concerns and the byte offset, e.g.
/// `field 'id': expected 64 lowercase hex characters (at byte 7)`.
public struct EventParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The event field concerned (`id`, `pubkey`, `created_at`, `kind`, `tags`, `content`,
    /// `sig`), or nil for a structural problem such as a missing `{`.
    public let field: String?
    /// What is wrong, in words.
    public let reason: String
    /// Byte offset in the input where the problem was found.
    public let offset: Int

    init(field: String?, reason: String, offset: Int) {
        self.field = field
        self.reason = reason
        self.offset = offset
    }

    init(field: String?, _ error: JSONSyntaxError) {
        self.init(field: field, reason: error.reason, offset: error.offset)
    }

    public var description: String {
        let location = " (at byte \(offset))"
        if let field { return "field '\(field)': \(reason)\(location)" }
        return reason + location
    }
}
