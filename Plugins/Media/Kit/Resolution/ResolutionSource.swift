/// Which rule produced a runtime resolution (the `via` field of a `resolve` answer).
public enum ResolutionSource: String, Sendable {
    /// Facebook share link: the first redirect's target (tried first).
    case redirect
    /// Facebook share link: the page's `og:url` or `rel=canonical` (when there is no redirect).
    case page
    /// Facebook share link: derived from the link's path (when neither answered).
    case path
    /// Rumble: the oEmbed iframe; X: the oEmbed HTML alone (no video).
    case oEmbed = "oembed"
    /// X: a media summary that found a video.
    case summary
    /// No runtime rule applies (or a Rumble `/embed/` link): the static classification.
    case `static`
    /// Every runtime step failed; the static classification stands. Never cached.
    case none
}
