import Foundation
import NostrCore

extension SecretKey {
    /// The key of an `nsec` a person pasted (surrounding whitespace ignored); anything else is bad input.
    public static func importing(_ text: String) throws(RuntimeError) -> SecretKey {
        guard let key = try? SecretKey(nsec: text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw RuntimeError(.badInput, "invalid secret key (nsec).")
        }
        return key
    }
}
