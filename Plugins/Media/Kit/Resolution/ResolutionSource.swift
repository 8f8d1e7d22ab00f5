/// Which rule produced a runtime resolution (the `via` field of a `resolve` answer).
public enum ResolutionSource: String, Sendable {
    /// Facebook share link: the first redirect's target (§12.3 step 1).
    case redirect
    /// Facebook share link: the page's `og:url` or `rel=canonical` (step 2).
    case page
    /// Facebook share link: derived from the link's path (step 3).
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
