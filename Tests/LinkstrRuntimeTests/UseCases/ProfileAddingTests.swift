import Foundation
import LinkstrRuntime
import NostrCore
import TestSupport
import Testing

/// How a profile is added, the same from `linkstr profile add|import`, `linkstr account import` and
/// the app: the home's first profile becomes the active one without being asked, a later one only
/// when asked; a key restored from its backup counts as backed up, a new or plain key does not.
@Suite struct ProfileAddingTests {
    @Test func theFirstProfileIsMadeActiveALaterOneOnlyWhenAsked() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let accounts = AccountManager(dataDirectory: scratch.folder("data"), environment: ["PATH": "/usr/bin:/bin"])
        let first = try accounts.addProfile(SecretKey.generate(), name: "first", keyStore: .plain, use: false, restoredFromBackup: false)
        #expect(first.active, "the home's first profile is the active one, though nobody asked")
        let second = try accounts.addProfile(SecretKey.generate(), name: "second", keyStore: .plain, use: false, restoredFromBackup: false)
        #expect(!second.active)
        #expect(try accounts.profileList().active?.name == "first", "a later profile leaves the active one")
        let third = try accounts.addProfile(SecretKey.generate(), name: "third", keyStore: .plain, use: true, restoredFromBackup: false)
        #expect(third.active)
        #expect(try accounts.profileList().active?.name == "third", "asked to, it becomes the active one")
    }

    @Test func aProfileRestoredFromItsBackupCountsAsBackedUp() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let accounts = AccountManager(dataDirectory: scratch.folder("data"), environment: ["PATH": "/usr/bin:/bin"])
        let fresh = try accounts.addProfile(SecretKey.generate(), name: "fresh", keyStore: .plain, use: false, restoredFromBackup: false)
        #expect(!fresh.backedUp)
        let restored = try accounts.addProfile(SecretKey.generate(), name: "restored", keyStore: .plain, use: false, restoredFromBackup: true)
        #expect(restored.backedUp)
        #expect(try accounts.profileList().named("restored")?.backedUp == true, "the mark is kept in the profile list")
        #expect(try accounts.profileList().named("fresh")?.backedUp == false)
    }

    @Test func anAccountRestoredFromItsBackupCountsAsBackedUp() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let plain = AccountManager(dataDirectory: scratch.folder("plain"), environment: ["PATH": "/usr/bin:/bin"])
        try plain.save(SecretKey.generate(), name: nil, keyStore: .plain, now: 1_750_000_000)
        #expect(try plain.requireProfile().backedUp == false, "an nsec imported is no backup")
        let restored = AccountManager(dataDirectory: scratch.folder("restored"), environment: ["PATH": "/usr/bin:/bin"])
        try restored.save(SecretKey.generate(), name: nil, keyStore: .plain, now: 1_750_000_000, restoredFromBackup: true)
        #expect(try restored.requireProfile().backedUp == true)
    }
}
