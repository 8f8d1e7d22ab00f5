import Foundation
import NostrCore

extension ContactBook {
    /// A person named by a user, as the iPhone app reads a key typed, pasted or scanned: an npub (a
    /// leading `nostr:` allowed), 64 hex characters in any case, the alias of exactly one contact
    /// (case-insensitive), a link with an `npub` query parameter (`https://…/?npub=npub1…`), or any
    /// text that contains exactly one npub ("my key is npub1… ok"). Surrounding whitespace is ignored.
    public func resolve(_ identifier: String) throws(CommandError) -> PublicKey {
        let trimmed = identifier.trimmingCharacters(in: .whitespacesAndNewlines)
        if let key = try Self.key(named: trimmed) { return key }
        let matches = contactKeys.filter { aliases[$0]?.lowercased() == trimmed.lowercased() }
        guard matches.count <= 1 else {
            throw CommandError("the alias '\(trimmed)' names \(matches.count) contacts; use an npub", badInput: true)
        }
        if let key = matches.first { return key }
        if let value = URLComponents(string: trimmed)?.queryItems?.first(where: { $0.name.lowercased() == "npub" })?.value,
            let key = try Self.key(named: value)
        {
            return key
        }
        let found = Self.npubs(in: trimmed)
        let keys = found.compactMap { try? PublicKey(npub: $0.lowercased()) }.reduce(into: [PublicKey]()) { keys, key in
            if !keys.contains(key) { keys.append(key) }
        }
        switch keys.count {
        case 1: return keys[0]
        case 0 where !found.isEmpty: throw CommandError("'\(found[0])' is not a valid npub", badInput: true)
        case 0: throw CommandError("'\(trimmed)' is not an npub, a hex public key or a contact alias", badInput: true)
        default: throw CommandError("the text names \(keys.count) different npubs; give just one", badInput: true)
        }
    }

    /// The key that `text` is as a whole — an npub, `nostr:npub1…` or 64 hex characters — nil when
    /// it is none of those; an error when it is an npub that does not decode.
    private static func key(named text: String) throws(CommandError) -> PublicKey? {
        var candidate = text.lowercased()
        if candidate.hasPrefix("nostr:") { candidate.removeFirst("nostr:".count) }
        if candidate.hasPrefix("npub1"), !candidate.contains(where: \.isWhitespace) {
            guard let key = try? PublicKey(npub: candidate) else {
                throw CommandError("'\(text)' is not a valid npub", badInput: true)
            }
            return key
        }
        if candidate.utf8.count == 64, let key = try? PublicKey(hex: candidate) { return key }
        return nil
    }

    /// Every `npub1` followed by at least 20 bech32 characters in `text` (any case), in order.
    private static func npubs(in text: String) -> [Substring] {
        let alphabet = Set("qpzry9x8gf2tvdw0s3jn54khce6mua7lQPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L")
        var found: [Substring] = []
        var rest = text.startIndex..<text.endIndex
        while let prefix = text.range(of: "npub1", options: .caseInsensitive, range: rest) {
            let end = text[prefix.upperBound...].firstIndex { !alphabet.contains($0) } ?? text.endIndex
            if text.distance(from: prefix.upperBound, to: end) >= 20 { found.append(text[prefix.lowerBound..<end]) }
            rest = end..<text.endIndex
        }
        return found
    }
}
