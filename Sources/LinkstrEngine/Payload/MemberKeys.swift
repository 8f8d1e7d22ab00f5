import NostrCore

/// Pubkey lists of payloads ("validated" mode): each entry trimmed and lowercased must be
/// 64 hex characters of a valid key; any invalid entry invalidates the whole list; later duplicates
/// are dropped and order is kept.
public enum MemberKeys {
    /// - Parameter maximum: the most entries (a received list has no limit of its own).
    public static func validated(_ entries: [String], maximum: Int = PayloadLimits.members) throws(PayloadError) -> [PublicKey] {
        guard entries.count <= maximum else {
            throw PayloadError("a member list has \(entries.count) entries; the limit is \(maximum)")
        }
        var seen = Set<PublicKey>()
        var keys: [PublicKey] = []
        for entry in entries {
            let normalized = entry.trimmingWhitespace.lowercased()
            guard normalized.utf8.count == 64, let key = try? PublicKey(hex: normalized) else {
                throw PayloadError("member '\(entry)' is not a 64-character hex public key")
            }
            if seen.insert(key).inserted { keys.append(key) }
        }
        guard !keys.isEmpty else { throw PayloadError("the member list is empty") }
        return keys
    }
}
