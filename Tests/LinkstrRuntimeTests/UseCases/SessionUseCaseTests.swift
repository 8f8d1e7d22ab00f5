import Foundation
import LinkstrEngine
import LinkstrHost
import LinkstrRuntime
import NostrCore
import PluginTesting
import Synchronization
import TestSupport
import Testing

/// The session commands' logic (create, the duplicate-name warning, sessions, archive, unarchive,
/// members add and remove) through the composition root, in process.
@Suite(.timeLimit(.minutes(1))) struct SessionUseCaseTests {
    let relay = FakeRelay()
    let scratch = TestScratch()

    func account() throws -> OpenedAccount { try InProcessHome.account(scratch, relay: relay) }

    @Test func aCreatedSessionIsListedWithItsMembersAndReachesThem() async throws {
        defer { scratch.remove() }
        let alice = try account()
        let bob = try account()
        defer { alice.host.stop(); bob.host.stop() }
        let session = try await alice.runtime.createSession(name: "Weekend videos", members: [bob.runtime.me])

        #expect(Set(session.members) == [alice.runtime.me, bob.runtime.me])
        #expect(session.creator == alice.runtime.me)
        let listed = try await alice.runtime.sessions(archived: false)
        #expect(listed.map(\.id) == [session.id])
        let row = printed(JSONRecords.SessionRow(try #require(listed.first)))
        #expect(row["name"] as? String == "Weekend videos")
        #expect(row["archived"] as? Bool == false)
        #expect(printed(JSONRecords.CreatedSession(session))["id"] as? String == session.id.rawValue)

        _ = try await bob.runtime.sync()
        #expect(try await bob.runtime.resolveSession("weekend VIDEOS") == session.id)
    }

    @Test func aSoloSessionHasOnlyItsCreator() async throws {
        defer { scratch.remove() }
        let alice = try account()
        defer { alice.host.stop() }
        let session = try await alice.runtime.createSession(name: "Notes to self", members: [])
        #expect(session.members == [alice.runtime.me])
    }

    @Test func aSecondSessionWithTheSameNameHasTheFirstAsItsNamesakeAndTheNameNoLongerResolves() async throws {
        defer { scratch.remove() }
        let alice = try account()
        defer { alice.host.stop() }
        let runtime = alice.runtime
        let first = try await runtime.createSession(name: "Links", members: [])
        #expect(try await runtime.namesakes(of: first).isEmpty)
        let second = try await runtime.createSession(name: "links", members: [])

        #expect(try await runtime.namesakes(of: second).map(\.id) == [first.id])
        #expect(try await runtime.namesakes(of: first).map(\.id) == [second.id])
        let error = await #expect(throws: LinkstrError.self) { try await runtime.resolveSession("Links") }
        #expect(error?.code == .badInput)
        #expect(error?.description.contains(AccountRuntime.shortID(second.id) + " (created by you, 1 member)") == true)
        #expect(try await runtime.resolveSession(second.id.rawValue) == second.id)
        #expect(try await runtime.resolveSession(AccountRuntime.shortID(second.id).lowercased()) == second.id)
    }

    @Test func anArchivedSessionLeavesTheListUntilUnarchivedAndStillResolves() async throws {
        defer { scratch.remove() }
        let alice = try account()
        defer { alice.host.stop() }
        let runtime = alice.runtime
        let session = try await runtime.createSession(name: "Old", members: [])
        try await runtime.setArchived(session.id, true)
        #expect(try await runtime.sessions(archived: false).isEmpty)
        #expect(try await runtime.sessions(archived: true).map(\.id) == [session.id])
        #expect(try await runtime.summary(of: session.id).archived)
        #expect(try await runtime.resolveSession("old") == session.id)

        try await runtime.setArchived(session.id, false)
        #expect(try await runtime.sessions(archived: false).map(\.id) == [session.id])
        #expect(try await runtime.sessions(archived: true).isEmpty)
    }

    /// What the command line and the C API call with the text they were given.
    @Test func membersNamedByTextChangeOnlyWhenSomeoneIsNamedAndEveryNameIsFound() async throws {
        defer { scratch.remove() }
        let alice = try account()
        let bob = try account()
        defer { alice.host.stop(); bob.host.stop() }
        let runtime = alice.runtime
        let session = try await runtime.createSession(name: "Films", members: [])
        let sends = Mutex(0)

        let unchanged = try await runtime.changeMembers(of: "films", adding: [], removing: []) { sends.withLock { $0 += 1 } }
        #expect(unchanged.members == [runtime.me])
        #expect(sends.withLock { $0 } == 0)
        await #expect(throws: LinkstrError.self) {
            try await runtime.changeMembers(of: "Films", adding: [bob.runtime.me.npub, "nobody by this name"], removing: []) { sends.withLock { $0 += 1 } }
        }
        #expect(sends.withLock { $0 } == 0)
        #expect(try await runtime.summary(of: session.id).members == [runtime.me])

        let changed = try await runtime.changeMembers(of: session.id.rawValue, adding: [bob.runtime.me.npub], removing: []) {
            sends.withLock { $0 += 1 }
        }
        #expect(Set(changed.members) == [runtime.me, bob.runtime.me])
        #expect(sends.withLock { $0 } == 1)
    }

    @Test func aSessionCreatedByTextSaysWhichOtherSessionsHaveItsName() async throws {
        defer { scratch.remove() }
        let alice = try account()
        let bob = try account()
        defer { alice.host.stop(); bob.host.stop() }
        let runtime = alice.runtime
        let (first, none) = try await runtime.createSession(named: "Links", members: [bob.runtime.me.hex])
        #expect(none == nil)
        #expect(Set(first.members) == [runtime.me, bob.runtime.me])
        let (second, warning) = try await runtime.createSession(named: "links", members: [])
        #expect(warning == second.namesakeWarning([first]))
        #expect(warning?.contains(first.id.rawValue) == true)
    }

    @Test func membersAreAddedOnceAndRemovedAndTheNewMemberReceivesTheSession() async throws {
        defer { scratch.remove() }
        let alice = try account()
        let bob = try account()
        let carol = try account()
        defer { alice.host.stop(); bob.host.stop(); carol.host.stop() }
        let runtime = alice.runtime
        let session = try await runtime.createSession(name: "Crew", members: [bob.runtime.me])

        let added = try await runtime.changeMembers(session.id, adding: [carol.runtime.me, bob.runtime.me, carol.runtime.me], removing: [])
        #expect(added.members.count == 3)
        #expect(Set(added.members) == [alice.runtime.me, bob.runtime.me, carol.runtime.me])
        _ = try await carol.runtime.sync()
        #expect(Set(try await carol.runtime.summary(of: session.id).members) == Set(added.members))

        let removed = try await runtime.changeMembers(session.id, adding: [], removing: [bob.runtime.me])
        #expect(Set(removed.members) == [alice.runtime.me, carol.runtime.me])
        #expect(Set(try await runtime.summary(of: session.id).members) == [alice.runtime.me, carol.runtime.me])
        _ = try await bob.runtime.sync()
        #expect(try await bob.runtime.summary(of: session.id).members.contains(bob.runtime.me) == false)
    }

    @Test func onlyTheCreatorChangesMembers() async throws {
        defer { scratch.remove() }
        let alice = try account()
        let bob = try account()
        defer { alice.host.stop(); bob.host.stop() }
        let session = try await alice.runtime.createSession(name: "Crew", members: [bob.runtime.me])
        _ = try await bob.runtime.sync()
        let before = relay.storedEvents.count

        await #expect(throws: LinkstrError.self) {
            try await bob.runtime.changeMembers(session.id, adding: [SecretKey.generate().publicKey], removing: [])
        }
        #expect(relay.storedEvents.count == before)
        #expect(try await bob.runtime.summary(of: session.id).members.count == 2)
    }

    @Test func anUnknownSessionIsBadInput() async throws {
        defer { scratch.remove() }
        let alice = try account()
        defer { alice.host.stop() }
        let error = await #expect(throws: LinkstrError.self) { try await alice.runtime.resolveSession("nowhere") }
        #expect(error?.code == .badInput)
    }
}
