import PluginABI

/// How a link is played (`LKH_MEDIA_MODE_*`): in a browser, through the provider's embed player, or
/// extracted for local playback with the embed player as fallback.
public enum MediaLinkMode: String, Sendable {
    case link, embed, extraction

    /// The `LKH_MEDIA_MODE_*` value.
    public var abiValue: Int32 {
        switch self {
        case .link: LKH_MEDIA_MODE_LINK
        case .embed: LKH_MEDIA_MODE_EMBED
        case .extraction: LKH_MEDIA_MODE_EXTRACTION
        }
    }
}
