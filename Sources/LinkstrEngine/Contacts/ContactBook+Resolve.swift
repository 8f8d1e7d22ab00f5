import Foundation
import NostrCore

extension ContactBook {
    /// A person named by a user (spec/cli.md: "`npub1…`, 64-hex, or a contact alias"): an npub (a
    /// leading `nostr:` allowed), 64 hex characters in any case, or the alias of exactly one contact
    /// (case-insensitive). Surrounding whitespace is ignored.
    public func resolve(_ identifier: String) throws(CommandError) -> PublicKey {
        let trimmed = identifier.trimmingCharacters(in: .whitespacesAndNewlines)
        var candidate = trimmed.lowercased()
        if candidate.hasPrefix("nostr:") { candidate.removeFirst("nostr:".count) }
        if candidate.hasPrefix("npub1") {
            guard let key = try? PublicKey(npub: candidate) else {
                throw CommandError("'\(trimmed)' is not a valid npub", badInput: true)
            }
            return key
        }
        if candidate.utf8.count == 64, let key = try? PublicKey(hex: candidate) { return key }
        let matches = contactKeys.filter { aliases[$0]?.lowercased() == trimmed.lowercased() }
        guard matches.count <= 1 else {
            throw CommandError("the alias '\(trimmed)' names \(matches.count) contacts; use an npub", badInput: true)
        }
        guard let key = matches.first else {
            throw CommandError("'\(trimmed)' is not an npub, a hex public key or a contact alias", badInput: true)
        }
        return key
    }
}
