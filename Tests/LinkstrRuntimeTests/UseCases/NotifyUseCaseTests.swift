import Foundation
import LinkstrHost
import LinkstrRuntime
import NostrCore
import PluginTesting
import ServiceLifecycle
import Testing

/// Notifications through the composition root, in process: the watch service of an account whose
/// config.toml names the command notifier hands each live post of someone else to it, with the
/// content that notifier opts into; the account's own posts are not notified.
@Suite(.timeLimit(.minutes(1))) struct NotifyUseCaseTests {
    let relay = FakeRelay()
    let scratch = TestScratch()

    @Test func aLivePostOfSomeoneElseReachesTheCommandNotifierAndTheAccountsOwnDoesNot() async throws {
        defer { scratch.remove() }
        let script = Script.write(scratch.file("record.sh"), "cat >> \"$0.lines\"\necho >> \"$0.lines\"\n")
        let notified = { TestPython.records(script + ".lines") }
        let settings = """
            notifiers = ["org.linkstr.notify.command"]
            [plugins."org.linkstr.notify.command"]
            command = ["\(script)"]
            include_content = true
            """
        let alice = try InProcessHome.account(scratch, relay: relay)
        let bobHome = InProcessHome(scratch, relay: relay, settings: settings)
        try bobHome.createAccount()
        let bobApp = bobHome.app()
        let bob = try bobApp.account()
        defer { alice.host.stop() }
        let session = try await Sessions.createSession(name: "Evening", members: [bob.runtime.me], in: alice.runtime)

        let watch = WatchService(account: bob, timeout: .seconds(5))
        let services = bob.serviceGroup([watch])
        let running = Task { try await services.run() }
        var events = watch.events.makeAsyncIterator()
        while let event = await events.next(), event != .caughtUp {}
        #expect(notified().isEmpty, "the catch-up is history, not news")

        let first = try await Sessions.post(session.id, url: "https://example.com/first", note: "for tonight", in: alice.runtime)
        #expect(await eventually { notified().count == 1 })
        let sent = try #require(notified().first)
        #expect(sent["kind"] as? String == "post" && sent["id"] as? String == "post-" + first.id.hex)
        #expect(sent["url"] as? String == "https://example.com/first" && sent["note"] as? String == "for tonight")
        #expect(sent["body"] as? String == "for tonight" && sent["session"] as? String == "Evening")
        let deepLink = try DeepLink.decode(try #require(sent["deep_link"] as? String))
        #expect(deepLink.url == "https://example.com/first" && deepLink.messageGUID == first.id.hex)

        _ = try await Sessions.post(session.id, url: "https://example.com/mine", note: nil, in: bob.runtime)
        _ = try await Sessions.post(session.id, url: "https://example.com/second", note: nil, in: alice.runtime)
        #expect(await eventually { notified().count == 2 })
        #expect(notified().compactMap { $0["url"] as? String } == ["https://example.com/first", "https://example.com/second"])

        await services.triggerGracefulShutdown()
        while await events.next() != nil {}
        try await running.value
        await bobApp.close()
    }
}
