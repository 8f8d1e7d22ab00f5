import Foundation
import NostrCore

/// The profiles of a home (`<data>/profiles.json`), in the order they were added.
public struct ProfileList: Codable, Equatable, Sendable {
    public var profiles: [HomeProfile] = []

    public init(profiles: [HomeProfile] = []) {
        self.profiles = profiles
    }

    public var active: HomeProfile? { profiles.first(where: \.active) }

    /// The profile called `name` (names are compared without regard to case).
    public func named(_ name: String) -> HomeProfile? {
        profiles.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// A name no profile has yet: `base`, else `base-2`, `base-3`…
    func unusedName(_ base: String) -> String {
        guard named(base) != nil else { return base }
        var number = 2
        while named("\(base)-\(number)") != nil { number += 1 }
        return "\(base)-\(number)"
    }

    /// Changes the profile `id` (stamping it `now`, so that it wins over older copies).
    mutating func edit(_ id: ProfileID, now: Date, _ change: (inout HomeProfile) -> Void) {
        guard let index = profiles.firstIndex(where: { $0.id == id }) else { return }
        change(&profiles[index])
        profiles[index].lastSyncedAt = now
    }

    /// Makes `id` the active profile, and no other.
    mutating func activate(_ id: ProfileID, now: Date) {
        for profile in profiles where profile.active != (profile.id == id) {
            edit(profile.id, now: now) { $0.active = $0.id == id }
        }
    }

    /// Refuses a new profile for `key` named `name` (nil: a name is chosen) when the name breaks the
    /// rule or is taken, or the home has a profile with this key already.
    func checkNewProfile(_ key: PublicKey, name: String?) throws(LinkstrError) {
        if let name {
            try Self.checkName(name)
            if named(name) != nil { throw LinkstrError(.badInput, "there is already a profile named '\(name)'; choose another name") }
        }
        if let same = profiles.first(where: { $0.account.pubkey == key.hex }) {
            throw LinkstrError(.failed, "this home already has \(key.npub) as profile '\(same.name)'")
        }
    }

    /// Refuses a profile name that is empty or spans lines.
    static func checkName(_ name: String) throws(LinkstrError) {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty, !name.contains(where: \.isNewline) else {
            throw LinkstrError(.badInput, "a profile name must not be empty or span lines; choose another")
        }
    }
}
