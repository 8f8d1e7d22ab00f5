/// A classification with its URLs as Swift strings: the convenient (allocating) form of
/// `MediaClassifier.classify(_:providers:canonical:embed:)` for tests, tools and the benchmark.
public struct MediaLinkClassification: Equatable, Sendable, CustomStringConvertible {
    public var provider: MediaProvider
    public var mode: MediaLinkMode
    public var canonicalURL: String
    /// Nil when the provider has no embed player for this link (link mode).
    public var embedURL: String?

    public init(provider: MediaProvider, mode: MediaLinkMode, canonicalURL: String, embedURL: String?) {
        self.provider = provider
        self.mode = mode
        self.canonicalURL = canonicalURL
        self.embedURL = embedURL
    }

    public var description: String {
        "\(provider.rawValue) \(mode.rawValue) \(canonicalURL)" + (embedURL.map { " embed \($0)" } ?? "")
    }
}
