import Foundation

extension JSONRecords {
    /// One profile of a home: public metadata only.
    public struct ProfileRow: Encodable, Sendable {
        public let id: String
        public let name: String
        public let npub: String
        public let active: Bool
        public let backedUp: Bool
        public let lastSyncedAt: String

        public init(_ profile: HomeProfile) {
            (id, name, npub, active, backedUp) = (profile.id.rawValue, profile.name, profile.npub, profile.active, profile.backedUp)
            lastSyncedAt = ProfileListFile.timeFormatter().string(from: profile.lastSyncedAt)
        }

        enum CodingKeys: String, CodingKey {
            case id, name, npub, active
            case backedUp = "backed_up"
            case lastSyncedAt = "last_synced_at"
        }
    }

    /// Who the profile is, for `whoami`: no secret is needed to say it. `locked`: a passphrase
    /// protects its key and the unlock agent does not hold it.
    /// `auto_locked_at`: when the unlock agent locked itself, while it stays locked so.
    /// `published_name`: the name others see, as last published or synced (null: none).
    public struct Whoami: Encodable, Sendable {
        public let id: String
        public let name: String
        public let npub: String
        public let pubkey: String
        public let locked: Bool
        @NullWhenNil public var publishedName: String?
        public let autoLockedAt: String?

        public init(_ profile: HomeProfile, locked: Bool, autoLockedAt: Date? = nil) {
            (id, name, npub, pubkey, self.locked) = (profile.id.rawValue, profile.name, profile.npub, profile.account.pubkey, locked)
            publishedName = profile.account.publishedName
            self.autoLockedAt = locked ? autoLockedAt.map { ProfileListFile.timeFormatter().string(from: $0) } : nil
        }

        enum CodingKeys: String, CodingKey {
            case id, name, npub, pubkey, locked
            case publishedName = "published_name"
            case autoLockedAt = "auto_locked_at"
        }
    }

    /// What `unlock` unlocked (profile names), and until when the agent keeps it unless used (null: until `lock`).
    public struct Unlocked: Encodable, Sendable {
        public let unlocked: [String]
        @NullWhenNil public var until: String?

        public init(_ profiles: [HomeProfile], until: Date?) {
            unlocked = profiles.map(\.name)
            self.until = until.map { ProfileListFile.timeFormatter().string(from: $0) }
        }
    }
}
