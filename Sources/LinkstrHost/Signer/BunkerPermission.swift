import Foundation

/// One thing a client of linkstr's bunker (NIP-46 remote signer) may ask for, in NIP-46's
/// `method[:kind]` spelling: `nip44_encrypt`, `sign_event` (any kind), `sign_event:1` (kind 1 only).
public struct BunkerPermission: Hashable, Sendable, CustomStringConvertible {
    /// The methods a permission can name. `connect`, `ping`, `get_public_key` and `logout` need none.
    public static let methods = ["sign_event", "nip44_encrypt", "nip44_decrypt", "nip04_encrypt", "nip04_decrypt"]
    public static let signEvent = "sign_event"
    /// Every method, `sign_event` of any kind: what a client that names no permissions asks for.
    public static let everything = methods.map { BunkerPermission(method: $0) }
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

    /// Whether this permission covers a call of `method` (for `sign_event`, of `kind`).
    public func covers(method: String, kind: Int?) -> Bool {
        self.method == method && (self.kind == nil || self.kind == kind)
    }

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
    /// far as the rule covers it; a client that asks for nothing gets the rule.
    public func granting(_ requested: [BunkerPermission]) -> [BunkerPermission] {
        guard !requested.isEmpty else { return self }
        var granted: [BunkerPermission] = []
        for asked in requested {
            for rule in self {
                if let both = asked.intersection(rule), !granted.contains(both) { granted.append(both) }
            }
        }
        return granted
    }

    /// `sign_event:1, nip44_encrypt`, or `nothing`.
    public var summary: String {
        isEmpty ? "nothing" : map(\.description).joined(separator: ", ")
    }
}
