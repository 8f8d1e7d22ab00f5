import Foundation
import LinkstrHost
import LinkstrRuntime
import NostrCore
import PluginTesting
import TestSupport
import Testing

/// The account commands' logic (create, import, show, reveal, logout with and without the data,
/// delete) through the composition root, in process: a home, a FakeRelay, memory storage.
@Suite(.timeLimit(.minutes(1))) struct AccountUseCaseTests {
    let relay = FakeRelay()
    let scratch = TestScratch()

    @Test func aHomeWithoutAnAccountOpensAsNoAccount() throws {
        defer { scratch.remove() }
        let home = InProcessHome(scratch, relay: relay)
        let error = #expect(throws: LinkstrError.self) { try home.open() }
        #expect(error?.code == .noAccount)
        #expect(try home.accounts().current() == nil)
    }

    @Test func theCreatedAccountIsTheOneThatOpensAndShowsItsIdentity() async throws {
        defer { scratch.remove() }
        let home = InProcessHome(scratch, relay: relay)
        let key = SecretKey.generate()
        try home.createAccount(key, name: "Alice")
        let opened = try home.open()
        defer { opened.host.stop() }
        #expect(opened.runtime.me == key.publicKey)
        let account = try opened.accounts.require()
        #expect(account.name == "Alice")
        let identity = JSONRecords.Identity(account, key: key.publicKey)
        #expect(printed(identity)["npub"] as? String == key.publicKey.npub)
        #expect(printed(identity)["pubkey"] as? String == key.publicKey.hex)
        #expect(!JSONRecords.text(identity).contains(key.nsec))
        // `account show --reveal-secret`: the stored key is the created one.
        #expect(try opened.accounts.secretKey() == key)
    }

    @Test func anImportedNsecBecomesTheAccountAndASecondOneIsRefused() throws {
        defer { scratch.remove() }
        let home = InProcessHome(scratch, relay: relay)
        let key = SecretKey.generate()
        try home.createAccount(try SecretKey.importing("  \(key.nsec)\n"))
        #expect(try home.accounts().require().pubkey == key.publicKey.hex)

        let error = #expect(throws: LinkstrError.self) { try home.createAccount() }
        #expect(error?.description.contains("already has an account") == true)
        #expect(try home.accounts().secretKey() == key)
        #expect(throws: LinkstrError.self) { try SecretKey.importing("nsec1notakey") }
    }

    @Test func logoutForgetsTheKeyAndKeepsTheDataForTheSameKey() async throws {
        defer { scratch.remove() }
        let home = InProcessHome(scratch, relay: relay)
        let key = SecretKey.generate()
        try home.createAccount(key)
        let opened = try home.open()
        defer { opened.host.stop() }
        _ = try await Sessions.createSession(name: "Kept", members: [], in: opened.runtime)

        try opened.accounts.logout()
        #expect(try opened.accounts.current() == nil)
        let reopened = #expect(throws: LinkstrError.self) { try home.open() }
        #expect(reopened?.code == .noAccount)
        // The records stay in the (still open) storage, readable with the key.
        let again = try AccountRuntime(host: opened.host, backend: opened.backend, secretKey: key)
        #expect(try await Sessions.sessions(archived: false, in: again).map(\.name) == ["Kept"])
    }

    @Test func logoutWithClearDataDeletesEveryRecordOfTheAccountButTheRelayList() async throws {
        defer { scratch.remove() }
        let opened = try InProcessHome.account(scratch, relay: relay)
        defer { opened.host.stop() }
        let runtime = opened.runtime
        let session = try await Sessions.createSession(name: "Gone", members: [], in: runtime)
        _ = try await Sessions.post(session.id, url: "https://example.com/a", note: nil, in: runtime)
        try runtime.relays.add("wss://kept.fake.test")

        #expect(try await opened.logOutClearingData() > 0)
        #expect(try await Sessions.sessions(archived: false, in: runtime).isEmpty)
        #expect(try runtime.relays.list().map(\.url).contains("wss://kept.fake.test"))
        #expect(try opened.accounts.current() == nil)
    }

    @Test func deletingTheAccountEmptiesItsFollowListOnTheRelayThenItsLocalData() async throws {
        defer { scratch.remove() }
        let opened = try InProcessHome.account(scratch, relay: relay)
        defer { opened.host.stop() }
        let runtime = opened.runtime
        _ = try await Contacts.addContact(SecretKey.generate().publicKey, alias: "Bob", in: runtime)
        _ = try await Sessions.createSession(name: "Mine", members: [], in: runtime)

        try await opened.deleteAccount()
        #expect(try opened.accounts.current() == nil)
        let lists = relay.storedEvents(matching: Filter(authors: [runtime.me], kinds: [3]))
        #expect(lists.count == 1)
        #expect(lists.first?.tags.contains { $0.first == "p" } == false)
        #expect(relay.storedEvents.contains { $0.kind == 62 && $0.pubkey == runtime.me })
        #expect(try await Sessions.sessions(archived: false, in: runtime).isEmpty)
        #expect(try await Contacts.contacts(in: runtime).isEmpty)
    }

    /// `linkstr account delete --confirm NPUB` and the app's settings page: only the account's own
    /// npub (blanks around it ignored) confirms; anything else is refused, naming what was typed.
    @Test func deletingIsConfirmedOnlyByTheAccountsOwnNpub() throws {
        let npub = SecretKey.generate().publicKey.npub
        try OpenedAccount.checkDeletionConfirmed(npub, npub: npub)
        try OpenedAccount.checkDeletionConfirmed("  \(npub) ", option: "--confirm", npub: npub)
        let other = SecretKey.generate().publicKey.npub
        let cli = #expect(throws: LinkstrError.self) { try OpenedAccount.checkDeletionConfirmed(other, option: "--confirm", npub: npub) }
        #expect(cli?.code == .badInput)
        #expect(cli?.description == "--confirm \(other) does not match this account (\(npub)); nothing was deleted")
        let app = #expect(throws: LinkstrError.self) { try OpenedAccount.checkDeletionConfirmed("yes", npub: npub) }
        #expect(app?.description == "yes does not match this account (\(npub)); nothing was deleted")
        #expect(throws: LinkstrError.self) { try OpenedAccount.checkDeletionConfirmed(npub.uppercased(), npub: npub) }
    }

    @Test func anAccountWhoseRelayRefusesIsNotDeletedAndKeepsItsData() async throws {
        defer { scratch.remove() }
        let opened = try InProcessHome.account(scratch, relay: relay)
        defer { opened.host.stop() }
        let runtime = opened.runtime
        _ = try await Sessions.createSession(name: "Mine", members: [], in: runtime)
        relay.setBehaviour(.refusing(message: "blocked"), for: FakeRelay.defaultURL)

        let error = await #expect(throws: LinkstrError.self) { try await opened.deleteAccount() }
        #expect(error?.description.hasPrefix("the account was not deleted, and your key and local data are kept") == true)
        #expect(try await Sessions.sessions(archived: false, in: runtime).map(\.name) == ["Mine"])
        #expect(try opened.accounts.current() != nil)
    }
}
