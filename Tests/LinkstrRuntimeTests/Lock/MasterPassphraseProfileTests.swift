import Foundation
import LinkstrRuntime
import NostrCore
import TestSupport
import Testing

/// A profile added by a front end that asks no terminal (the app) under a master passphrase: the
/// passphrase it was given must be the master passphrase, and the key is kept under it; the home's
/// keys then need unlocking before use, and removing asks the command line's question.
@Suite struct MasterPassphraseProfileTests {
    @Test func aProfileAddedWithAPassphraseMustUseTheMasterPassphrase() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let accounts = AccountManager(dataDirectory: scratch.folder("data"), environment: ["PATH": "/usr/bin:/bin"])
        let now = Int64(Date().timeIntervalSince1970)
        #expect(!accounts.needsPassphrase(.plain) && accounts.needsPassphrase(.ncryptsec))
        let first = try accounts.addProfile(SecretKey.generate(), name: "Alice", keyStore: .plain, now: now, activate: true)
        #expect(!accounts.needsUnlock(first), "a plain key needs no unlock")
        try accounts.setMasterPassphrase { () throws(LinkstrError) in "correct horse" }
        let locked = try #require(try accounts.selectedProfile())
        #expect(accounts.needsUnlock(locked), "under the master passphrase, with no unlock agent, the key must be unlocked first")

        let work = SecretKey.generate()
        let wrong = #expect(throws: LinkstrError.self) {
            try accounts.addProfile(work, name: "work", keyStore: .ncryptsec, now: now, activate: false, passphrase: "other horse")
        }
        #expect(wrong?.description.hasPrefix("that is not this home's master passphrase") == true, "\(String(describing: wrong))")
        #expect(try accounts.profileList().profiles.map(\.name) == ["Alice"], "nothing was added")

        let added = try accounts.addProfile(work, name: "work", keyStore: .ncryptsec, now: now, activate: false, passphrase: "correct horse")
        let file = try String(contentsOfFile: scratch.path + "/data/profiles/\(added.id.rawValue)/key.ncryptsec", encoding: .utf8)
        #expect(try NIP49.decrypt(file.trimmingCharacters(in: .whitespacesAndNewlines), password: "correct horse").secretKey.nsec == work.nsec)
        #expect(
            AccountManager.removalQuestion(added)
                == "Delete profile 'work' and the key of \(work.publicKey.npub) from this machine? It was never backed up (`linkstr profile backup work`).")
    }
}
