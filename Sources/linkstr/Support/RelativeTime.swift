/// "just now", "5m ago", "3h ago", "yesterday", "4d ago", "3w ago", "5mo ago", "2y ago" — the app's
/// relative times. `now` comes from `HumanOutput` (pinned by `LINKSTR_NOW` in golden-file tests);
/// a time in the future (a clock ahead of ours) reads "just now".
enum RelativeTime {
    static func describe(_ time: Int64, now: Int64) -> String {
        let seconds = max(0, now - time)
        switch seconds {
        case ..<60: return "just now"
        case ..<3_600: return "\(seconds / 60)m ago"
        case ..<86_400: return "\(seconds / 3_600)h ago"
        case ..<172_800: return "yesterday"
        case ..<(7 * 86_400): return "\(seconds / 86_400)d ago"
        case ..<(30 * 86_400): return "\(seconds / (7 * 86_400))w ago"
        case ..<(365 * 86_400): return "\(seconds / (30 * 86_400))mo ago"
        default: return "\(seconds / (365 * 86_400))y ago"
        }
    }
}
