/// The person's answer to a site's question: allow this request only, or allow or deny and have it
/// remembered for the site's next requests (as that profile).
public enum BrowserAnswer: String, Sendable, Codable, CaseIterable {
    case once
    case always
    case deny

    /// What is decided for this request.
    public var decision: BrowserDecision { self == .deny ? .deny : .allow }
    /// Whether it is kept in the decisions file.
    public var isRemembered: Bool { self != .once }

    /// A remembered allow or deny (a desktop notification's two buttons).
    public init(_ decision: BrowserDecision) {
        self = decision == .allow ? .always : .deny
    }
}
