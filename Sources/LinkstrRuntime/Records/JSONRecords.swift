import Foundation
import LinkstrEngine
import LinkstrHost
import NostrCore

/// The JSON records of the `--json` output (the command line) and of the C API (`linkstr.h`): small
/// `Encodable` structs built from runtime values, so both front ends print the same record for the
/// same value. `text(_:)` encodes one. An optional property is left out when it is nil, unless it is
/// marked ``NullWhenNil`` (then it is `null`).
public enum JSONRecords {
    /// `{"ok":true}`: an operation that has nothing else to say.
    public struct Ok: Encodable, Sendable {
        public let ok = true
        public init() {}
    }

    public static let ok = Ok()

    /// The account's public identity; never its secret key.
    public struct Identity: Encodable, Sendable {
        public let npub: String
        public let pubkey: String
        public let keyStore: String
        public let name: String?

        public init(_ account: AccountFile, key: PublicKey) {
            (npub, pubkey, keyStore, name) = (key.npub, key.hex, account.keyStore.rawValue, account.name)
        }

        enum CodingKeys: String, CodingKey {
            case npub, pubkey, name
            case keyStore = "key_store"
        }
    }

    /// An account connected to a remote signer: its identity, the signer (npub), its relays and
    /// whether the account existed.
    public struct RemoteIdentity: Encodable, Sendable {
        public let identity: Identity
        public let connection: Connection

        public struct Connection: Encodable, Sendable {
            public let signer: String
            public let relays: [String]
            public let reconnected: Bool
        }

        public init(_ account: AccountFile, key: PublicKey, signer: PublicKey, relays: [String], reconnected: Bool) {
            identity = Identity(account, key: key)
            connection = Connection(signer: signer.npub, relays: relays, reconnected: reconnected)
        }

        public func encode(to encoder: any Encoder) throws {
            try Merged(identity, connection).encode(to: encoder)
        }
    }

    public struct ContactRow: Encodable, Sendable {
        public let pubkey: String
        public let npub: String
        public let alias: String?
        /// The name the contact published.
        public let name: String?

        public init(_ contact: Contact) {
            (pubkey, npub, alias, name) = (contact.pubkey.hex, contact.pubkey.npub, contact.alias, contact.profileName)
        }
    }

    /// One row of the relay list.
    public struct RelayRow: Encodable, Sendable {
        public let url: String
        public let enabled: Bool
        /// What the last connection saw (`unknown` before any), or `disabled`.
        public let status: String
        public let source: String
        public let error: String?
        public let checkedAt: Int64?
        public let lastOKAt: Int64?

        public init(_ relay: RelayEntry) {
            (url, enabled, status, source) = (relay.url, relay.enabled, relay.enabled ? relay.status ?? "unknown" : "disabled", relay.source.rawValue)
            (error, checkedAt, lastOKAt) = (relay.error, relay.checkedAt, relay.lastOKAt)
        }

        enum CodingKeys: String, CodingKey {
            case url, enabled, status, source, error
            case checkedAt = "checked_at"
            case lastOKAt = "last_ok_at"
        }
    }

    /// Two records written as one object, the keys of both (they have no key in common): a record
    /// with what one command adds to it.
    public struct Merged<Base: Encodable & Sendable, Extra: Encodable & Sendable>: Encodable, Sendable {
        public let base: Base
        public let extra: Extra

        public init(_ base: Base, _ extra: Extra) {
            (self.base, self.extra) = (base, extra)
        }

        public func encode(to encoder: any Encoder) throws {
            try base.encode(to: encoder)
            try extra.encode(to: encoder)
        }
    }

    /// A record with its `"type"` beside its own keys: a line of `watch` or of `signer serve`.
    public struct Typed: Encodable, Sendable {
        public let type: String
        public let record: any Encodable & Sendable

        public init(_ type: String, _ record: any Encodable & Sendable) {
            (self.type, self.record) = (type, record)
        }

        /// `{"type"}` alone: an event with nothing more to say.
        public init(_ type: String) {
            self.init(type, Nothing())
        }

        private struct Nothing: Encodable {}

        private enum CodingKeys: String, CodingKey {
            case type
        }

        public func encode(to encoder: any Encoder) throws {
            try record.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(type, forKey: .type)
        }
    }

}

/// An optional property of a record written as `null` when nil, instead of being left out.
@propertyWrapper
public struct NullWhenNil<Value: Encodable & Sendable>: Encodable, Sendable {
    public var wrappedValue: Value?

    public init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}
