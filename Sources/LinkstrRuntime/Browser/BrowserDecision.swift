/// A person's answer to a site's request, remembered for the next one.
public enum BrowserDecision: String, Sendable, Codable {
    case allow
    case deny
}
