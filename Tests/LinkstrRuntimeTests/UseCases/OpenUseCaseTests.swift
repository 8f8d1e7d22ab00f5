import Foundation
import LinkstrHost
import LinkstrRuntime
import PluginTesting
import TestSupport
import Testing

/// The logic of `linkstr open` through the composition root, in process: what a `linkstr://open`
/// link opens (its URL, the fields of the iPhone app's payload, how the media providers
/// play it), and that `--launch` hands exactly that URL to the program that opens links.
@Suite(.timeLimit(.minutes(1))) struct OpenUseCaseTests {
    let relay = FakeRelay()
    let scratch = TestScratch()

    @Test func aURLLinkOpensItsURLAndSaysHowItPlaysWithoutLaunchingAnything() throws {
        defer { scratch.remove() }
        let media = try InProcessHome(scratch, relay: relay).app().media()
        defer { media.host.stop() }

        let opened = try media.open(try DeepLink.decode("linkstr://open?url=https%3A%2F%2Fyoutu.be%2FdQw4w9WgXcQ"))
        #expect(opened.link.url == "https://youtu.be/dQw4w9WgXcQ" && opened.link.format == .url)
        let classification = try #require(opened.classification)
        #expect(classification.provider == "youtube" && classification.mode == .embed && classification.pluginID == "org.linkstr.media.builtin")
        #expect(classification.embedURL == "https://www.youtube.com/embed/dQw4w9WgXcQ?playsinline=1&rel=0")
        let record = printed(JSONRecords.OpenedLinkRow(opened)) as NSDictionary
        #expect(record == [
            "url": "https://youtu.be/dQw4w9WgXcQ", "format": "url", "provider": "youtube", "mode": "embed",
            "embed_url": "https://www.youtube.com/embed/dQw4w9WgXcQ?playsinline=1&rel=0",
        ] as NSDictionary)
    }

    @Test func aPayloadLinkKeepsItsTimeAndMessageAndAPageIsALink() throws {
        defer { scratch.remove() }
        let media = try InProcessHome(scratch, relay: relay).app().media()
        defer { media.host.stop() }
        let shared = DeepLink(url: "https://example.com/article", timestamp: 1_767_225_600, messageGUID: "A1B2")

        let opened = try media.open(try DeepLink.decode(shared.encoded()))
        #expect(opened.link == shared)
        #expect(opened.classification?.provider == "generic" && opened.classification?.mode == .link)
        let record = printed(JSONRecords.OpenedLinkRow(opened))
        #expect(record["timestamp"] as? Int64 == 1_767_225_600 && record["message_guid"] as? String == "A1B2" && record["format"] as? String == "payload")
    }

    @Test func launchingHandsTheSharedURLToTheOpener() async throws {
        defer { scratch.remove() }
        let media = try InProcessHome(scratch, relay: relay).app().media()
        defer { media.host.stop() }
        let record = scratch.file("opened")
        let opener = scratch.write("open.sh", "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(record)'\n")
        chmod(opener, 0o755)

        let launcher = LinkOpener(command: [opener], log: media.host.log, source: "test")
        let opened = try media.open(try DeepLink.decode("linkstr://open?url=https%3A%2F%2Fexample.com%2Fshared%3Fa%3D1"), launcher: launcher)
        #expect(opened.link.url == "https://example.com/shared?a=1")
        #expect(await eventually { (try? String(contentsOfFile: record, encoding: .utf8)) == "https://example.com/shared?a=1\n" })

        let missing = LinkOpener(command: [scratch.file("no-such-opener")], log: media.host.log, source: "test")
        #expect(throws: LinkOpenError.self) { try media.open(opened.link, launcher: missing) }
    }
}
