import PluginABI

/// The two built-in media plugins, built from this one kit: the named providers (asked at priority 0)
/// and the generic one that takes every other http(s) link (asked last, `INT32_MIN`), as the ABI's
/// ordering rule describes. Two plugins rather than one so that a third-party provider with a
/// negative priority is still asked before the generic fallback.
public enum MediaPluginFlavor: Sendable {
    case builtin
    case generic

    public var pluginID: String {
        switch self {
        case .builtin: "org.linkstr.media.builtin"
        case .generic: "org.linkstr.media.generic"
        }
    }

    var displayName: String {
        switch self {
        case .builtin: "Built-in media providers (TikTok, Instagram, Facebook, YouTube, Rumble, X)"
        case .generic: "Generic links (OpenGraph metadata, yt-dlp extraction)"
        }
    }

    var priority: Int32 {
        switch self {
        case .builtin: 0
        case .generic: Int32.min
        }
    }

    var providers: ProviderSet {
        switch self {
        case .builtin: .named
        case .generic: .generic
        }
    }
}
