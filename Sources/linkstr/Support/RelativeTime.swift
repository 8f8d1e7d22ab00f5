/// "just now", "5m ago", "3h ago", "2d ago" — the app's relative times.
enum RelativeTime {
    static func describe(_ time: Int64, now: Int64) -> String {
        let seconds = max(0, now - time)
        switch seconds {
        case ..<60: return "just now"
        case ..<3_600: return "\(seconds / 60)m ago"
        case ..<86_400: return "\(seconds / 3_600)h ago"
        default: return "\(seconds / 86_400)d ago"
        }
    }
}
