/// What `MediaClassifier` found besides the URLs it wrote: the provider and the playback mode.
public struct ClassifiedLink: Equatable, Sendable {
    public var provider: MediaProvider
    public var mode: MediaLinkMode

    public init(provider: MediaProvider, mode: MediaLinkMode) {
        self.provider = provider
        self.mode = mode
    }
}
