import PluginABI

/// How a link is played (`LKH_MEDIA_MODE_*`).
public enum MediaMode: String, Sendable, Codable {
    case link, embed, extraction

    init?(abiValue: Int32) {
        switch abiValue {
        case LKH_MEDIA_MODE_LINK: self = .link
        case LKH_MEDIA_MODE_EMBED: self = .embed
        case LKH_MEDIA_MODE_EXTRACTION: self = .extraction
        default: return nil
        }
    }
}
