import Foundation

/// One identity of a home, as `<data>/profiles.json` keeps it: public metadata only, readable
/// without unlocking anything. Its secrets are in the key store, under its ``ProfileID``.
public struct HomeProfile: Codable, Equatable, Sendable {
    public var id: ProfileID
    /// Unique in the home; what `profile use NAME` and `--profile NAME` name.
    public var name: String
    public var npub: String
    /// The one profile commands act on when no `--profile` is given.
    public var active: Bool
    /// Set once the secret key was written to a backup (`profile backup`).
    public var backedUp: Bool
    /// When this entry last changed: of two copies, the later one wins.
    public var lastSyncedAt: Date
    /// When commands last warned that this profile was never backed up.
    public var backupWarnedAt: Date?
    /// The identity's key and where its secrets are.
    public var account: AccountFile

    public init(id: ProfileID = ProfileID(), name: String, npub: String, active: Bool, lastSyncedAt: Date, account: AccountFile) {
        self.id = id
        self.name = name
        self.npub = npub
        self.active = active
        self.backedUp = false
        self.lastSyncedAt = lastSyncedAt
        self.account = account
    }

    enum CodingKeys: String, CodingKey {
        case id, name, npub, active, account
        case backedUp = "backed_up"
        case lastSyncedAt = "last_synced_at"
        case backupWarnedAt = "backup_warned_at"
    }
}
