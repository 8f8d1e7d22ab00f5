import Foundation

/// A session id: an opaque, case-sensitive string compared after trimming whitespace.
/// linkstr creates them in the iPhone app's format: a UUID as 32 uppercase hex characters.
///
/// A value type; safe to share between threads.
public struct SessionID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// Trims `text`; nil when nothing is left.
    public init?(_ text: String) {
        let trimmed = text.trimmingWhitespace
        guard !trimmed.isEmpty else { return nil }
        rawValue = trimmed
    }

    /// A new random id in the iPhone app's format (`E621E1F8C36C495A93FC0C247A3E6E5F`).
    public static func random() -> SessionID {
        SessionID(UUID().uuidString.replacingOccurrences(of: "-", with: ""))!
    }

    public var description: String { rawValue }

    public static func < (lhs: SessionID, rhs: SessionID) -> Bool { lhs.rawValue < rhs.rawValue }
}
