import PluginABI

/// How a link is played (`LKH_MEDIA_MODE_*`): in a browser, through the provider's embed player, or
/// extracted for local playback with the embed player as fallback. The one Swift copy: media
/// plugins write it into their classification, the host reads it back.
public enum MediaMode: String, Sendable, Codable {
    case link, embed, extraction

    /// The mode of an `LKH_MEDIA_MODE_*` value; nil for a value this build does not know.
    public init?(abiValue: Int32) {
        switch abiValue {
        case LKH_MEDIA_MODE_LINK: self = .link
        case LKH_MEDIA_MODE_EMBED: self = .embed
        case LKH_MEDIA_MODE_EXTRACTION: self = .extraction
        default: return nil
        }
    }

    /// The `LKH_MEDIA_MODE_*` value.
    public var abiValue: Int32 {
        switch self {
        case .link: LKH_MEDIA_MODE_LINK
        case .embed: LKH_MEDIA_MODE_EMBED
        case .extraction: LKH_MEDIA_MODE_EXTRACTION
        }
    }
}
