import Foundation
@testable import LinkstrHost
import LinkstrPluginKit
@testable import LinkstrRuntime
import Testing

/// The HTTP push / webhook notifier against recording HTTP servers on 127.0.0.1.
@Suite struct HTTPNotifierTests {
    static let pluginID = "org.linkstr.notify.http"

    let post = NotificationRequest(
        id: "e5f6", kind: .post, sessionName: "Wochenende ☀", senderName: "Alice", url: "https://vimeo.com/76979871",
        note: "watch this", createdAt: 1_739_877_200, deepLink: "linkstr://open?p=abc")

    @Test func postsJSONWithABearerTokenItNeverLogs() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let recorder = try HTTPRecorder(in: scratch)
        defer { recorder.stop() }
        let http = try NotifierDriver(
            "http", pluginID: Self.pluginID, settings: ["url": recorder.url("/hook?key=qs_secret"), "bearer_token": "tk_secret"])
        defer { http.destroy() }

        #expect(http.probe() == nil)
        #expect(await http.notify(post) == nil)
        let request = try #require(recorder.posts.first)
        #expect(recorder.posts.count == 1)
        #expect(request["path"] as? String == "/hook?key=qs_secret")
        let headers = try #require(request["headers"] as? [String: String])
        #expect(headers["content-type"] == "application/json")
        #expect(headers["authorization"] == "Bearer tk_secret")
        let body = try #require(try JSONSerialization.jsonObject(with: Data((request["body"] as? String ?? "").utf8)) as? [String: Any])
        #expect(body as NSDictionary == [
            "id": "e5f6", "kind": "post", "title": "Alice shared a post", "body": "watch this", "session": "Wochenende ☀",
            "deep_link": "linkstr://open?p=abc", "created_at": 1_739_877_200, "url": "https://vimeo.com/76979871",
            "note": "watch this", "sender": "Alice",
        ] as NSDictionary)
        // The probe's HEAD carries no credentials.
        let head = try #require(recorder.requests.first { $0["method"] as? String == "HEAD" })
        #expect((head["headers"] as? [String: String])?["authorization"] == nil)
        #expect(!http.log.isEmpty)
        #expect(http.log.allSatisfy { !$0.contains("tk_secret") && !$0.contains("qs_secret") })
    }

    @Test func sendsNtfysHeaderFormWithBasicAuthorization() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let recorder = try HTTPRecorder(in: scratch)
        defer { recorder.stop() }
        let http = try NotifierDriver(
            "http", pluginID: Self.pluginID,
            settings: [
                "url": recorder.url("/linkstr-topic"), "format": "ntfy", "username": "alice", "password": "pw_secret",
                "priority": "4", "tags": "link,tada",
            ])
        defer { http.destroy() }

        #expect(await http.notify(post, includeContent: false) == nil)
        let request = try #require(recorder.posts.first)
        #expect(request["path"] as? String == "/linkstr-topic")
        #expect(request["body"] as? String == "New link in Wochenende ☀")
        let headers = try #require(request["headers"] as? [String: String])
        #expect(headers["title"] == "linkstr")
        #expect(headers["priority"] == "4")
        #expect(headers["tags"] == "link,tada")
        #expect(headers["click"] == nil)  // the deep link carries the URL: content, withheld
        #expect(headers["content-type"] == "text/plain; charset=utf-8")
        #expect(headers["authorization"] == "Basic " + Data("alice:pw_secret".utf8).base64EncodedString())

        #expect(await http.notify(post) == nil)
        let withContent = try #require(recorder.posts.last?["headers"] as? [String: String])
        #expect(withContent["click"] == "https://vimeo.com/76979871")
        #expect(withContent["title"] == "Alice shared a post")
    }

    @Test func encodesNonASCIIHeadersAsRFC2047() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let recorder = try HTTPRecorder(in: scratch)
        defer { recorder.stop() }
        let http = try NotifierDriver("http", pluginID: Self.pluginID, settings: ["url": recorder.url("/t"), "format": "ntfy"])
        defer { http.destroy() }

        var reaction = post
        reaction.kind = .reaction
        reaction.emoji = "👍"
        #expect(await http.notify(reaction) == nil)
        let headers = try #require(recorder.posts.first?["headers"] as? [String: String])
        #expect(headers["title"] == "=?UTF-8?B?\(Data("Alice reacted 👍".utf8).base64EncodedString())?=")
        #expect(recorder.posts.first?["body"] as? String == "reacted with 👍 to watch this")
    }

    @Test func retriesAServerErrorAndKeepsThePasswordOutOfTheLog() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let recorder = try HTTPRecorder(in: scratch, statuses: [500, 200])
        defer { recorder.stop() }
        let http = try NotifierDriver(
            "http", pluginID: Self.pluginID,
            settings: ["url": recorder.url("/t"), "username": "alice", "password": "pw_secret", "retry_backoff_seconds": "0.05"])
        defer { http.destroy() }

        #expect(await http.notify(post) == nil)
        #expect(recorder.posts.count == 2)
        #expect(http.log.contains {
            $0.hasPrefix("attempt 1 of 3 to deliver e5f6 to \(recorder.url("/t")) failed (HTTP 500: {\"error\":\"the recorder says no\"}); trying again in 0.05 s")
        })
        #expect(http.log.allSatisfy { !$0.contains("pw_secret") && !$0.contains(Data("alice:pw_secret".utf8).base64EncodedString()) })
    }

    @Test func givesUpAfterTheConfiguredAttempts() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let recorder = try HTTPRecorder(in: scratch, statuses: [503])
        defer { recorder.stop() }
        let http = try NotifierDriver(
            "http", pluginID: Self.pluginID, settings: ["url": recorder.url("/t"), "attempts": "2", "retry_backoff_seconds": "0.01"])
        defer { http.destroy() }

        let error = try #require(await http.notify(post))
        #expect(error == PluginError(.io, "\(recorder.url("/t")) failed after 2 attempts (HTTP 503: {\"error\":\"the recorder says no\"})"))
        #expect(recorder.posts.count == 2)
    }

    /// An HTML error page (a proxy's) is reported by its title, not pasted whole into the message.
    @Test func anHTMLErrorPageIsReportedByItsTitle() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let recorder = try HTTPRecorder(in: scratch, statuses: [502], htmlErrors: true)
        defer { recorder.stop() }
        let http = try NotifierDriver(
            "http", pluginID: Self.pluginID, settings: ["url": recorder.url("/t"), "attempts": "1"])
        defer { http.destroy() }

        let error = try #require(await http.notify(post))
        #expect(error == PluginError(.io, "\(recorder.url("/t")) failed (HTTP 502: 502 Bad Gateway)"))
    }

    /// A redirect is not followed with the credentials, and is a failure, not a delivery.
    @Test func aRedirectIsNotFollowedAndIsAFailure() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let recorder = try HTTPRecorder(in: scratch, statuses: [307])
        defer { recorder.stop() }
        let http = try NotifierDriver(
            "http", pluginID: Self.pluginID, settings: ["url": recorder.url("/t"), "bearer_token": "tk_secret", "attempts": "1"])
        defer { http.destroy() }

        let error = try #require(await http.notify(post))
        #expect(error == PluginError(
            .protocol,
            "\(recorder.url("/t")) answered with a redirect (HTTP 307, redirected to /moved); redirects are not followed, since they would take the credentials elsewhere: set url to the final address"))
        #expect(recorder.posts.map { $0["path"] as? String } == ["/t"], "nothing went to the redirect's target")
    }

    /// Plain http to another machine carries notifications and credentials in the clear: a warning
    /// says so; to this machine it does not.
    @Test func plainHTTPToAnotherMachineIsWarnedAbout() async throws {
        let remote = try NotifierDriver("http", pluginID: Self.pluginID, settings: ["url": "http://push.example/topic?auth=x", "bearer_token": "tk_secret"])
        defer { remote.destroy() }
        #expect(remote.log.contains {
            $0 == "http://push.example/topic?… is plain http to another machine: notifications and the credentials cross the network in the clear; use https"
        }, "\(remote.log)")
        let local = try NotifierDriver("http", pluginID: Self.pluginID, settings: ["url": "http://127.0.0.1:9/topic"])
        defer { local.destroy() }
        #expect(!local.log.contains { $0.contains("plain http") }, "\(local.log)")
    }

    @Test func doesNotRetryARefusal() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let recorder = try HTTPRecorder(in: scratch, statuses: [401])
        defer { recorder.stop() }
        let http = try NotifierDriver("http", pluginID: Self.pluginID, settings: ["url": recorder.url("/t"), "bearer_token": "wrong"])
        defer { http.destroy() }

        let error = try #require(await http.notify(post))
        #expect(error.status == .permission)
        #expect(error.message.hasSuffix("refused the credentials (HTTP 401: {\"error\":\"the recorder says no\"}); check bearer_token or username and password"))
        #expect(recorder.posts.count == 1)
    }

    @Test func timesOutOnAServerThatHangs() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let recorder = try HTTPRecorder(in: scratch, hang: true)
        defer { recorder.stop() }
        let http = try NotifierDriver("http", pluginID: Self.pluginID, settings: ["url": recorder.url("/t"), "timeout_seconds": "1"])
        defer { http.destroy() }

        // The plugin's own timeout answers (the server would hang for minutes); no wall-clock bound
        // here — test threads can be starved on a busy machine.
        let error = try #require(await http.notify(post))
        #expect(error == PluginError(.timeout, "\(recorder.url("/t")) did not answer within 1.0 s"))
        // Not retried: the server may have taken it.
        #expect(await eventually(within: 2) { recorder.posts.count == 1 })
        #expect(recorder.posts.count == 1)
    }

    @Test func aServerThatIsDownIsNotAvailable() async throws {
        let port = FreePort.next()
        let url = "http://127.0.0.1:\(port)/t"
        let http = try NotifierDriver("http", pluginID: Self.pluginID, settings: ["url": url, "retry_backoff_seconds": "0.01"])
        defer { http.destroy() }

        let probe = try #require(http.probe())
        #expect(probe.status == .unavailable)
        #expect(probe.message.hasPrefix("cannot reach \(url): "))
        let error = try #require(await http.notify(post))
        #expect(error.status == .unavailable)
        #expect(error.message.hasPrefix("cannot reach \(url) after 3 attempts: "))
        #expect(http.log.filter { $0.hasPrefix("attempt ") }.count == 2)
    }

    @Test(arguments: [
        ("ftp://example.org/x", "setting 'url' of [plugins.\"org.linkstr.notify.http\"] is not an http or https URL: 'ftp://example.org/x'; use e.g. url = \"https://ntfy.sh/<your topic>\""),
        ("https://", "setting 'url' of [plugins.\"org.linkstr.notify.http\"] is not an http or https URL: 'https://'; use e.g. url = \"https://ntfy.sh/<your topic>\""),
        ("https://bob:hunter2@ntfy.example/x", "setting 'url' of [plugins.\"org.linkstr.notify.http\"] contains a user name or password; put them in username and password instead"),
    ])
    func refusesAMalformedURLAtStart(url: String, message: String) throws {
        #expect(throws: PluginError(.invalid, "plugin 'org.linkstr.notify.http' failed to start: \(message)")) {
            _ = try NotifierDriver("http", pluginID: Self.pluginID, settings: ["url": url])
        }
    }

    @Test func refusesTwoKindsOfCredentials() throws {
        #expect(throws: PluginError(
            .invalid,
            "plugin 'org.linkstr.notify.http' failed to start: [plugins.\"org.linkstr.notify.http\"] sets bearer_token and username/password; keep only one of them")) {
            _ = try NotifierDriver(
                "http", pluginID: Self.pluginID, settings: ["url": "https://ntfy.sh/t", "bearer_token": "a", "username": "u", "password": "p"])
        }
    }
}
