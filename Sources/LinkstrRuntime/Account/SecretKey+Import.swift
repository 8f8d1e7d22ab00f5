import Foundation
import NostrCore

extension SecretKey {
    /// The key of an `nsec` a person pasted (surrounding whitespace ignored); anything else is bad input.
    public static func importing(_ text: String) throws(LinkstrError) -> SecretKey {
        guard let key = try? SecretKey(nsec: text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw LinkstrError(.badInput, "invalid secret key (nsec).")
        }
        return key
    }

    /// The key of an encrypted backup (NIP-49 `ncryptsec`, as `linkstr profile backup` writes),
    /// opened with its passphrase; a wrong passphrase or anything else is bad input.
    public static func importing(backup text: String, passphrase: String) throws(LinkstrError) -> SecretKey {
        do {
            return try NIP49.decrypt(text.trimmingCharacters(in: .whitespacesAndNewlines), password: passphrase).secretKey
        } catch .wrongPasswordOrCorrupted {
            throw LinkstrError(.badInput, "the passphrase does not open this backup (or the backup was altered); try again")
        } catch {
            throw LinkstrError(.badInput, "not a backup linkstr can open: \(error)")
        }
    }

    /// Whether `text` is an encrypted backup (an `ncryptsec`) rather than an nsec.
    public static func isBackup(_ text: String) -> Bool {
        text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased().hasPrefix("ncryptsec1")
    }
}
