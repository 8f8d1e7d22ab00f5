import Foundation

/// Unix seconds as ISO-8601 UTC text (`2026-05-01T09:30:00Z`), the time format of saved links in
/// `--json`, webhook payloads and exports.
public enum ISOTime {
    public static func string(_ seconds: Int64) -> String {
        formatter().string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    /// The Unix seconds of such text, nil when it is not.
    public static func seconds(_ text: String) -> Int64? {
        formatter().date(from: text).map { Int64($0.timeIntervalSince1970) }
    }

    /// A new formatter per call: `ISO8601DateFormatter` is not safe to share between threads.
    private static func formatter() -> ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter
    }
}
