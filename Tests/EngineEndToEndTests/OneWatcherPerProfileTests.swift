import Foundation
import Testing

/// Two watches of one profile (the service and one in a terminal) would notify every event twice.
@Suite("End to end: one watch per home and profile", .timeLimit(.minutes(1)))
struct OneWatcherPerProfileTests {
    @Test("a second `linkstr watch` of the same profile says who watches already and exits; once that one stops, a watch starts again")
    func aSecondWatchSaysWhoRuns() async throws {
        let world = try await TestWorld.start("home")
        defer { world.stop() }
        let home = world.homes[0]
        let first = try home.startWatch()
        #expect(await eventually(within: 20) { first.caughtUp }, "\(first.stderr)")

        let second = try home.run(["watch", "--timeout", "5"])
        #expect(second.status == 1)
        #expect(second.stderr.contains("linkstr: another linkstr watch (pid \(first.processIdentifier), since "), "\(second.stderr)")
        #expect(second.stderr.contains("already follows \(home.npub) in this home"), "\(second.stderr)")
        #expect(first.isRunning)

        first.stop()
        let again = try home.startWatch()
        defer { again.stop() }
        #expect(await eventually(within: 20) { again.caughtUp }, "\(again.stderr)")
    }
}
