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
        let session = try await Sessions.createSession(name: "Weekend videos", members: [bob.runtime.me], in: alice.runtime)

        #expect(Set(session.members) == [alice.runtime.me, bob.runtime.me])
        #expect(session.creator == alice.runtime.me)
        let listed = try await Sessions.sessions(archived: false, in: alice.runtime)
        #expect(listed.map(\.id) == [session.id])
        let row = printed(JSONRecords.SessionRow(try #require(listed.first)))
        #expect(row["name"] as? String == "Weekend videos")
        #expect(row["archived"] as? Bool == false)
        #expect(printed(JSONRecords.CreatedSession(session))["id"] as? String == session.id.rawValue)

        _ = try await InboxSync.sync(in: bob.runtime)
        #expect(try await Sessions.resolveSession("weekend VIDEOS", in: bob.runtime) == session.id)
    }

    @Test func aSoloSessionHasOnlyItsCreator() async throws {
        defer { scratch.remove() }
        let alice = try account()
        defer { alice.host.stop() }
        let session = try await Sessions.createSession(name: "Notes to self", members: [], in: alice.runtime)
        #expect(session.members == [alice.runtime.me])
    }

    @Test func aSecondSessionWithTheSameNameHasTheFirstAsItsNamesakeAndTheNameNoLongerResolves() async throws {
        defer { scratch.remove() }
        let alice = try account()
        defer { alice.host.stop() }
        let runtime = alice.runtime
        let first = try await Sessions.createSession(name: "Links", members: [], in: runtime)
        #expect(try await Sessions.namesakes(of: first, in: runtime).isEmpty)
        let second = try await Sessions.createSession(name: "links", members: [], in: runtime)

        #expect(try await Sessions.namesakes(of: second, in: runtime).map(\.id) == [first.id])
        #expect(try await Sessions.namesakes(of: first, in: runtime).map(\.id) == [second.id])
        let error = await #expect(throws: LinkstrError.self) { try await Sessions.resolveSession("Links", in: runtime) }
        #expect(error?.code == .badInput)
        #expect(error?.description.contains(Sessions.shortID(second.id) + " (created by you, 1 member)") == true)
        #expect(try await Sessions.resolveSession(second.id.rawValue, in: runtime) == second.id)
        #expect(try await Sessions.resolveSession(Sessions.shortID(second.id).lowercased(), in: runtime) == second.id)
    }

    @Test func anArchivedSessionLeavesTheListUntilUnarchivedAndStillResolves() async throws {
        defer { scratch.remove() }
        let alice = try account()
        defer { alice.host.stop() }
        let runtime = alice.runtime
        let session = try await Sessions.createSession(name: "Old", members: [], in: runtime)
        try await Sessions.setArchived(session.id, true, in: runtime)
        #expect(try await Sessions.sessions(archived: false, in: runtime).isEmpty)
        #expect(try await Sessions.sessions(archived: true, in: runtime).map(\.id) == [session.id])
        #expect(try await Sessions.summary(of: session.id, in: runtime).archived)
        #expect(try await Sessions.resolveSession("old", in: runtime) == session.id)

        try await Sessions.setArchived(session.id, false, in: runtime)
        #expect(try await Sessions.sessions(archived: false, in: runtime).map(\.id) == [session.id])
        #expect(try await Sessions.sessions(archived: true, in: runtime).isEmpty)
    }

    /// What the command line and the C API call with the text they were given.
    @Test func membersNamedByTextChangeOnlyWhenSomeoneIsNamedAndEveryNameIsFound() async throws {
        defer { scratch.remove() }
        let alice = try account()
        let bob = try account()
        defer { alice.host.stop(); bob.host.stop() }
        let runtime = alice.runtime
        let session = try await Sessions.createSession(name: "Films", members: [], in: runtime)
        let sends = Mutex(0)

        let unchanged = try await Sessions.changeMembers(of: "films", adding: [], removing: [], beforeSending: { sends.withLock { $0 += 1 } }, in: runtime)
        #expect(unchanged.members == [runtime.me])
        #expect(sends.withLock { $0 } == 0)
        await #expect(throws: LinkstrError.self) {
            try await Sessions.changeMembers(of: "Films", adding: [bob.runtime.me.npub, "nobody by this name"], removing: [], beforeSending: { sends.withLock { $0 += 1 } }, in: runtime)
        }
        #expect(sends.withLock { $0 } == 0)
        #expect(try await Sessions.summary(of: session.id, in: runtime).members == [runtime.me])

        let changed = try await Sessions.changeMembers(of: session.id.rawValue, adding: [bob.runtime.me.npub], removing: [], beforeSending: {
            sends.withLock { $0 += 1 }
        }, in: runtime)
        #expect(Set(changed.members) == [runtime.me, bob.runtime.me])
        #expect(sends.withLock { $0 } == 1)
    }

    @Test func aSessionCreatedByTextSaysWhichOtherSessionsHaveItsName() async throws {
        defer { scratch.remove() }
        let alice = try account()
        let bob = try account()
        defer { alice.host.stop(); bob.host.stop() }
        let runtime = alice.runtime
        let (first, none) = try await Sessions.createSession(named: "Links", members: [bob.runtime.me.hex], in: runtime)
        #expect(none == nil)
        #expect(Set(first.members) == [runtime.me, bob.runtime.me])
        let (second, warning) = try await Sessions.createSession(named: "links", members: [], in: runtime)
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
        let session = try await Sessions.createSession(name: "Crew", members: [bob.runtime.me], in: runtime)

        let added = try await Sessions.changeMembers(session.id, adding: [carol.runtime.me, bob.runtime.me, carol.runtime.me], removing: [], in: runtime)
        #expect(added.members.count == 3)
        #expect(Set(added.members) == [alice.runtime.me, bob.runtime.me, carol.runtime.me])
        _ = try await InboxSync.sync(in: carol.runtime)
        #expect(Set(try await Sessions.summary(of: session.id, in: carol.runtime).members) == Set(added.members))

        let removed = try await Sessions.changeMembers(session.id, adding: [], removing: [bob.runtime.me], in: runtime)
        #expect(Set(removed.members) == [alice.runtime.me, carol.runtime.me])
        #expect(Set(try await Sessions.summary(of: session.id, in: runtime).members) == [alice.runtime.me, carol.runtime.me])
        _ = try await InboxSync.sync(in: bob.runtime)
        #expect(try await Sessions.summary(of: session.id, in: bob.runtime).members.contains(bob.runtime.me) == false)
    }

    /// Alice's session "Crew" with Bob as a member, received by Bob.
    func aliceAndBobsCrew() async throws -> (alice: OpenedAccount, bob: OpenedAccount, session: SessionSummary) {
        let alice = try account()
        let bob = try account()
        let session = try await Sessions.createSession(name: "Crew", members: [bob.runtime.me], in: alice.runtime)
        _ = try await InboxSync.sync(in: bob.runtime)
        return (alice, bob, session)
    }

    @Test func onlyTheCreatorChangesMembers() async throws {
        defer { scratch.remove() }
        let (alice, bob, session) = try await aliceAndBobsCrew()
        defer { alice.host.stop(); bob.host.stop() }
        let before = relay.storedEvents.count

        await #expect(throws: LinkstrError.self) {
            try await Sessions.changeMembers(session.id, adding: [SecretKey.generate().publicKey], removing: [], in: bob.runtime)
        }
        #expect(relay.storedEvents.count == before)
        #expect(try await Sessions.summary(of: session.id, in: bob.runtime).members.count == 2)
    }

    @Test func onlyTheCreatorsRenameIsSentAndConnectsFirstAMembersIsALabel() async throws {
        defer { scratch.remove() }
        let (alice, bob, session) = try await aliceAndBobsCrew()
        defer { alice.host.stop(); bob.host.stop() }
        let sends = Mutex(0)
        let before = relay.storedEvents.count

        let labelled = try await Sessions.renameSession(session.id, to: "Bob's crew", beforeSending: { sends.withLock { $0 += 1 } }, in: bob.runtime)
        #expect(labelled.labelled && labelled.sharedName == "Crew")
        #expect(sends.withLock { $0 } == 0, "a member's label goes to no relay: nothing to connect for")
        #expect(relay.storedEvents.count == before)

        await #expect(throws: LinkstrError.self) {
            try await Sessions.renameSession(session.id, to: nil, beforeSending: { sends.withLock { $0 += 1 } }, in: alice.runtime)
        }
        #expect(sends.withLock { $0 } == 0, "the creator's refused rename connects to nothing")

        let renamed = try await Sessions.renameSession(session.id, to: "Crew 2026", beforeSending: { sends.withLock { $0 += 1 } }, in: alice.runtime)
        #expect(renamed.creator == alice.runtime.me && renamed.name == "Crew 2026")
        #expect(sends.withLock { $0 } == 1, "the creator's rename is sent, after the front end connected")
        #expect(relay.storedEvents.count > before)
    }

    @Test func anUnknownSessionIsBadInput() async throws {
        defer { scratch.remove() }
        let alice = try account()
        defer { alice.host.stop() }
        let error = await #expect(throws: LinkstrError.self) { try await Sessions.resolveSession("nowhere", in: alice.runtime) }
        #expect(error?.code == .badInput)
    }
}
