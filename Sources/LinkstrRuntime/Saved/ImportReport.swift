/// What `saved import` did: links new to the account, links already saved (tags united), and
/// entries that are no web link (`javascript:`, `place:`, `file:`), skipped.
public struct ImportReport: Sendable, Equatable {
    public var imported = 0
    public var merged = 0
    public var skipped = 0

    public init() {}

    /// The counts as every front end says them.
    public var summary: String {
        "imported \(imported), merged \(merged) already saved, skipped \(skipped) that are no web links"
    }
}
