/// One relay of the relay list (wire spec §9.1): global, not per account.
public struct RelayEntry: Equatable, Sendable {
    public var url: String
    public var enabled: Bool
    /// The last status a connecting command saw (`connected`, `read-only`, `failed`, …), or nil.
    public var status: String?
    /// Why it was not connected, or what it refused, when it last ran.
    public var error: String?

    public init(url: String, enabled: Bool = true, status: String? = nil, error: String? = nil) {
        self.url = url
        self.enabled = enabled
        self.status = status
        self.error = error
    }
}
