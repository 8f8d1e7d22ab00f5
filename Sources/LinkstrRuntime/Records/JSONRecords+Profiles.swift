import Foundation

extension JSONRecords {
    /// One profile of a home: public metadata only.
    public static func profile(_ profile: HomeProfile) -> [String: Any] {
        [
            "id": profile.id.rawValue, "name": profile.name, "npub": profile.npub, "active": profile.active,
            "backed_up": profile.backedUp, "last_synced_at": ProfileListFile.timeFormatter().string(from: profile.lastSyncedAt),
        ]
    }

    /// Who the profile is, for `whoami`: no secret is needed to say it. `locked`: a passphrase
    /// protects its key and the unlock agent does not hold it.
    /// `auto_locked_at`: when the unlock agent locked itself, while it stays locked so.
    /// `published_name`: the name others see, as last published or synced (null: none).
    public static func whoami(_ profile: HomeProfile, locked: Bool, autoLockedAt: Date? = nil) -> [String: Any] {
        var record: [String: Any] = [
            "id": profile.id.rawValue, "name": profile.name, "npub": profile.npub, "pubkey": profile.account.pubkey, "locked": locked,
            "published_name": profile.account.publishedName ?? NSNull(),
        ]
        if locked, let autoLockedAt { record["auto_locked_at"] = ProfileListFile.timeFormatter().string(from: autoLockedAt) }
        return record
    }

    /// What `unlock` unlocked, and until when the agent keeps it unless used (null: until `lock`).
    public static func unlocked(_ profiles: [HomeProfile], until: Date?) -> [String: Any] {
        ["unlocked": profiles.map(\.name), "until": until.map { ProfileListFile.timeFormatter().string(from: $0) } ?? NSNull()]
    }
}
