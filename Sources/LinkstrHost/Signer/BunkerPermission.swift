import Foundation

/// One thing a client of linkstr's bunker (NIP-46 remote signer) may ask for, in NIP-46's
/// `method[:kind]` spelling: `nip44_encrypt`, `sign_event` (any kind), `sign_event:1` (kind 1 only).
public struct BunkerPermission: Hashable, Sendable, CustomStringConvertible {
    /// The methods a permission can name. `connect`, `ping`, `get_public_key` and `logout` need none.
    public static let methods = ["sign_event", "nip44_encrypt", "nip44_decrypt", "nip04_encrypt", "nip04_decrypt"]
    public static let signEvent = "sign_event"
    /// The kinds that act as linkstr or change the account (private messages and linkstr posts,
    /// gift wraps, saved links, deletions, the follow list, the profile, the relay list, relay
    /// logins): `sign_event` of any kind does not cover them; each is granted only when named.
    public static let namedKinds: [Int] = [13, 1059, 30078, 5, 3, 0, 10002, 22242]
    /// How a permission is written, for error messages.
    public static let shape = "use method[:kind] with a method among \(methods.joined(separator: ", ")), e.g. sign_event:1 or nip44_encrypt"

    public let method: String
    /// For `sign_event`: the only kind it covers; nil for every kind.
    public let kind: Int?

    public init(method: String, kind: Int? = nil) {
        self.method = method
        self.kind = kind
    }

    /// Parses `method[:kind]`; nil for an unknown method, or a kind that is not a number (or on
    /// another method than `sign_event`).
    public init?(_ text: String) {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let method = String(parts[0])
        guard Self.methods.contains(method) else { return nil }
        var kind: Int?
        if parts.count > 1 {
            guard method == Self.signEvent, let number = Int(parts[1]), (0...65535).contains(number) else { return nil }
            kind = number
        }
        self.init(method: method, kind: kind)
    }

    /// Parses a comma-separated list (NIP-46 `perms`), skipping empty entries.
    /// - Returns: the permissions, and the entries that are not permissions.
    public static func list(_ text: String) -> (permissions: [BunkerPermission], unknown: [String]) {
        var permissions: [BunkerPermission] = []
        var unknown: [String] = []
        for entry in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !entry.isEmpty {
            if let permission = BunkerPermission(entry) {
                if !permissions.contains(permission) { permissions.append(permission) }
            } else {
                unknown.append(entry)
            }
        }
        return (permissions, unknown)
    }

    /// Whether this permission covers a call of `method` (for `sign_event`, of `kind`); `sign_event`
    /// of any kind does not cover the ``namedKinds``.
    public func covers(method: String, kind: Int?) -> Bool {
        guard self.method == method else { return false }
        guard let mine = self.kind else { return kind.map { !Self.namedKinds.contains($0) } ?? true }
        return mine == kind
    }

    /// What the permission lets a client do, in words, for the person approving it.
    public var meaning: String {
        switch method {
        case Self.signEvent:
            guard let kind else {
                return "sign events of any kind as you (public notes, reactions, articles…), but not kinds "
                    + Self.namedKinds.map(String.init).joined(separator: ", ") + ", which must each be named"
            }
            return Self.kindMeanings[kind] ?? "sign events of kind \(kind) as you"
        case "nip44_encrypt": return "encrypt messages to others as you (NIP-44)"
        case "nip44_decrypt": return "read your private sessions, saved links and every NIP-44 message sent to you"
        case "nip04_encrypt": return "encrypt direct messages to others as you (NIP-04)"
        default: return "read your NIP-04 direct messages"
        }
    }

    private static let kindMeanings: [Int: String] = [
        0: "change your profile (name, picture, about) as you",
        1: "publish public notes as you",
        3: "replace your follow list",
        5: "delete your events, linkstr posts and saved links among them",
        7: "react to posts as you",
        13: "send private messages and linkstr posts as you (kind 13 seals)",
        1059: "send gift-wrapped private messages as you",
        10002: "change the relay list others find you by",
        22242: "log in to relays as you (AUTH)",
        30078: "rewrite your saved links and other app data",
    ]

    /// What both `self` and `other` allow, or nil when they share nothing.
    public func intersection(_ other: BunkerPermission) -> BunkerPermission? {
        guard method == other.method else { return nil }
        switch (kind, other.kind) {
        case (nil, let kind), (let kind, nil): return BunkerPermission(method: method, kind: kind)
        case let (left?, right?): return left == right ? self : nil
        }
    }

    public var description: String {
        kind.map { "\(method):\($0)" } ?? method
    }
}

extension [BunkerPermission] {
    /// Whether one of these permissions covers a call of `method` (for `sign_event`, of `kind`).
    public func allow(method: String, kind: Int?) -> Bool {
        contains { $0.covers(method: method, kind: kind) }
    }

    /// What a rule (`self`) grants to a client asking for `requested`: each requested permission as
    /// far as the rule covers it (a rule's `sign_event` of any kind grants one of the
    /// ``BunkerPermission/namedKinds`` only when the rule names it too). A client that names
    /// nothing gets the rule: what the user named in it, nothing more.
    public func granting(_ requested: [BunkerPermission]) -> [BunkerPermission] {
        guard !requested.isEmpty else { return self }
        var granted: [BunkerPermission] = []
        for asked in requested {
            for rule in self {
                guard let both = asked.intersection(rule), both.kind.map({ rule.covers(method: both.method, kind: $0) }) ?? true else { continue }
                if !granted.contains(both) { granted.append(both) }
            }
        }
        return granted
    }

    /// One line per permission, `- sign_event:1: publish public notes as you`.
    public var meanings: String {
        map { "  - \($0): \($0.meaning)" }.joined(separator: "\n")
    }

    /// `sign_event:1, nip44_encrypt`, or `get_public_key only`.
    public var summary: String {
        isEmpty ? "get_public_key only" : map(\.description).joined(separator: ", ")
    }
}
