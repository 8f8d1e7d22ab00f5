import Foundation
import LinkstrHost
import NostrCore
import PluginTesting
import Testing

@testable import LinkstrRuntime

/// The webhook sync of saved links against a real HTTP server on 127.0.0.1: the payload byte for
/// byte with its bearer token and HMAC signature, retries with back-off, the offline skip, the
/// daily rule on a clock the test moves, and the save that syncs in the background.
@Suite(.timeLimit(.minutes(1))) struct SavedLinksWebhookTests {
    let scratch = TestScratch()

    func home(webhook: String) throws -> LinkstrHome {
        try LinkstrHome.create(scratch, "alice", relays: [], config: "[saved]\nwebhook = \"\(webhook)\"\n")
    }

    @Test func syncPostsEveryKeptLinkInTheExactShapeWithTokenAndSignature() throws {
        defer { scratch.remove() }
        let recorder = try HTTPRecorder(in: scratch)
        defer { recorder.stop() }
        // Saved before the webhook is configured, so that no background sync of a save interferes.
        let alice = try LinkstrHome.create(scratch, "alice", relays: [])
        #expect(try alice.run(["save", "https://example.com/a", "--tag", "café", "--tag", "read"]).status == 0)
        #expect(try alice.run(["save", "https://example.com/b?x=1&y=\"2\""]).status == 0)
        #expect(try alice.run(["save", "https://example.com/gone"]).status == 0)
        #expect(try alice.run(["unsave", "https://example.com/gone"]).status == 0)
        scratch.write("alice/config.toml", "[saved]\nwebhook = \"\(recorder.url("/hook"))\"\ntoken = \"t0ken\"\nsecret = \"s3cret\"\n")
        let listed = try alice.run(["saved", "--json"])
        let links = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])

        let synced = try alice.run(["saved", "sync", "--json"])
        #expect(synced.status == 0, "\(synced.stderr)")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(synced.stdout.utf8)) as? [String: Any])
        #expect(answer["status"] as? String == "ok" && answer["sent"] as? Int == 2 && answer["last_sync"] is String)

        #expect(recorder.posts.count == 1)
        let post = try #require(recorder.posts.last)
        let expected = "{\"urls\":[" + links.map { link in
            let tags = (link["tags"] as! [String]).map { "\"\($0)\"" }.joined(separator: ",")
            return "{\"id\":\"\(link["id"]!)\",\"url\":\"\((link["url"] as! String).replacingOccurrences(of: "\"", with: "\\\""))\",\"tags\":[\(tags)],\"saved_at\":\"\(link["saved_at"]!)\"}"
        }.joined(separator: ",") + "]}"
        let body = try #require(post["body"] as? String)
        #expect(body == expected)
        #expect(!body.contains("gone"))
        let headers = try #require(post["headers"] as? [String: String])
        #expect(headers["content-type"] == "application/json")
        #expect(headers["authorization"] == "Bearer t0ken")
        // The signature covers the timestamp too: a recorded request sent again later shows its age.
        let timestamp = try #require(headers["x-linkstr-timestamp"].flatMap { Int64($0) }, "\(headers)")
        #expect(abs(timestamp - Int64(Date().timeIntervalSince1970)) < 60)
        let signature = RecordCipher.hmac(key: Array("s3cret".utf8), Array("\(timestamp).\(body)".utf8)).map { String(format: "%02x", $0) }.joined()
        #expect(headers["x-linkstr-signature"] == "sha256=" + signature)
    }

    /// A redirect would take the token and the signature to another address: it is a failure naming
    /// where it pointed (without its query), and nothing is sent there.
    @Test func aRedirectIsAFailureNamingItsTargetAndIsNotFollowed() throws {
        defer { scratch.remove() }
        let redirecting = try HTTPRecorder(in: scratch, statuses: [307])
        defer { redirecting.stop() }
        let alice = try LinkstrHome.create(
            scratch, "alice", relays: [], config: "[saved]\nwebhook = \"\(redirecting.url("/hook"))\"\ntoken = \"t0ken\"\nsecret = \"s3cret\"\n")
        let failed = try alice.run(["saved", "sync"])
        #expect(failed.status == 1)
        #expect(
            failed.stderr.contains("the webhook answered HTTP 307, redirecting to \(redirecting.url("/moved")); redirects are not followed"),
            "\(failed.stderr)")
        #expect(!failed.stderr.contains("hidden"), "the target's query is not shown")
        #expect(redirecting.posts.allSatisfy { $0["path"] as? String == "/hook" } && !redirecting.posts.isEmpty, "\(redirecting.posts)")
    }

    /// Plain http to another machine carries the links and the token in the clear: a warning says so;
    /// to this machine it does not.
    @Test func plainHTTPToAnotherMachineIsWarnedAbout() throws {
        defer { scratch.remove() }
        let alice = try LinkstrHome.create(
            scratch, "alice", relays: [], config: "[saved]\nwebhook = \"http://linkstr-webhook.invalid/hook?key=k\"\ntoken = \"t0ken\"\n")
        let result = try alice.run(["saved", "sync"])
        #expect(
            result.stderr.contains(
                "warn: the [saved] webhook http://linkstr-webhook.invalid/hook is plain http to another machine: the links and the token cross the network in the clear; use https"),
            "\(result.stderr)")
        let recorder = try HTTPRecorder(in: scratch)
        defer { recorder.stop() }
        let bob = try LinkstrHome.create(scratch, "bob", relays: [], config: "[saved]\nwebhook = \"\(recorder.url("/hook"))\"\n")
        let local = try bob.run(["saved", "sync"])
        #expect(local.status == 0 && !local.stderr.contains("plain http"), "\(local.stderr)")
    }

    @Test func aRefusedPostIsRetriedWithBackOffAndAFailureIsReported() throws {
        defer { scratch.remove() }
        let flaky = try HTTPRecorder(in: scratch, statuses: [500, 503, 200])
        defer { flaky.stop() }
        let alice = try home(webhook: flaky.url("/hook"))
        #expect(try alice.run(["saved", "sync"]).stdout == "sent 0 links to the webhook\n")
        #expect(flaky.posts.count == 3)

        let refusing = try HTTPRecorder(in: scratch, statuses: [500])
        defer { refusing.stop() }
        let bob = try LinkstrHome.create(scratch, "bob", relays: [], config: "[saved]\nwebhook = \"\(refusing.url("/hook"))\"\n")
        let started = Date()
        let failed = try bob.run(["saved", "sync"])
        #expect(failed.status == 1)
        #expect(Date().timeIntervalSince(started) >= 3, "the pauses between attempts are 1 s and 2 s")
        #expect(failed.stderr.contains("the webhook answered HTTP 500 (3 attempts)"), "\(failed.stderr)")
        #expect(refusing.posts.count == 3)
        let status = try bob.run(["saved", "sync", "--status", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
        #expect(object["status"] as? String == "failed" && object["failures"] as? Int == 1 && object["next_attempt"] is String)
        #expect(object["last_sync"] is NSNull)
    }

    @Test func offlineTheSyncIsSkippedNotFailed() throws {
        defer { scratch.remove() }
        let alice = try home(webhook: "http://linkstr-webhook.invalid/hook")
        let result = try alice.run(["saved", "sync"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("offline (the host linkstr-webhook.invalid does not resolve): nothing sent"), "\(result.stdout)")
        let status = try alice.run(["saved", "sync", "--status", "--json"])
        #expect(status.stdout.contains("\"status\":\"offline\""), "\(status.stdout)")
    }

    @Test func aSaveSyncsInTheBackgroundWithoutWaitingForTheWebhook() async throws {
        defer { scratch.remove() }
        let hanging = try HTTPRecorder(in: scratch, hang: true)
        defer { hanging.stop() }
        let alice = try home(webhook: hanging.url("/hook"))
        let started = Date()
        let saved = try alice.run(["save", "https://example.com/now", "--tag", "t"])
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(await eventually { hanging.posts.contains { ($0["body"] as? String)?.contains("https://example.com/now") == true } })
    }

    @Test func theDailyRuleSyncsWhenTheLastSyncIsOlderThanADay() async throws {
        defer { scratch.remove() }
        let recorder = try HTTPRecorder(in: scratch)
        defer { recorder.stop() }
        let relay = FakeRelay()
        let clock = TestClock(1_800_000_000)
        let host = try relay.makeHost(home: scratch.folder("daily"))
        let alice = try AccountRuntime(host: host, backend: host.openStorage(), secretKey: .generate(), clock: { clock.now })
        let settings = SavedLinksSettings(webhook: recorder.url("/daily"))
        _ = try await SavedLinks.save("https://example.com/a", tags: [], note: nil, in: alice)
        #expect(try await SavedLinkWebhook.syncIsDue(settings: settings, in: alice))
        #expect(try await SavedLinkWebhook.sync(settings: settings, in: alice).outcome == .ok)
        #expect(recorder.posts.count == 1)
        clock.advance(23 * 3_600)
        #expect(try await !SavedLinkWebhook.syncIsDue(settings: settings, in: alice))
        clock.advance(3_600)
        #expect(try await SavedLinkWebhook.syncIsDue(settings: settings, in: alice))
        _ = try await SavedLinkWebhook.sync(settings: settings, in: alice)
        #expect(recorder.posts.count == 2)
        #expect(try await !SavedLinkWebhook.syncIsDue(settings: settings, in: alice))
        // Without a webhook nothing is ever due.
        #expect(try await !SavedLinkWebhook.syncIsDue(settings: SavedLinksSettings(), in: alice))

        // Offline: skipped, and due again once the back-off is over.
        let offline = SavedLinksSettings(webhook: "http://linkstr-webhook.invalid/x")
        #expect(try await SavedLinkWebhook.sync(settings: offline, retryDelay: .zero, in: alice).outcome == .offline)
        #expect(try await !SavedLinkWebhook.syncIsDue(settings: offline, in: alice))
        clock.advance(61)
        #expect(try await SavedLinkWebhook.syncIsDue(settings: offline, in: alice))
    }
}
