import Foundation
import LinkstrPluginKit
import Testing
import TestSupport

/// Extraction with the real yt-dlp (Tests/Support/setup-venv.sh) and ffmpeg against the fixture server.
@Suite(.serialized)
struct ExtractionTests {
    let server: FixtureServer
    let scratch: String
    let destination: String

    init() throws {
        server = try FixtureServer.start()
        scratch = try TestPaths.makeScratch("extract")
        destination = scratch + "/videos"
        try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: true)
    }

    func plugin(_ extra: [String: String] = [:], library: String = "media-generic") throws -> MediaPluginHarness {
        let ytDlp = try #require(TestPaths.ytDlp, Comment(rawValue: TestPaths.ytDlpMissing))
        return try MediaPluginHarness(library: library, config: MediaPluginHarness.config(scratch: scratch, ["host.ytdlp": ytDlp].merging(extra) { $1 }))
    }

    /// The files the extraction left in the destination (the video, if any, and nothing else).
    var leftovers: [String] { TestPaths.contents(destination) }

    @Test(arguments: ["/media/clip.mp4", "/video.html", "/dash/manifest.mpd"])
    func extractsAndVerifies(_ path: String) async throws {
        let harness = try plugin()
        let started = try harness.startExtract(server.url(path), into: destination)
        let result = await started.callbacks.wait()
        #expect(result.status == .ok, "\(result)")
        let file = try #require(result.string("path"))
        #expect(file.hasPrefix(destination + "/") && file.hasSuffix(".mp4"))
        #expect(result.int("bytes") ?? 0 > 1000)
        #expect(result.string("codec") == "h264")
        #expect(result.int("width") == 320 && result.int("height") == 240)
        #expect(leftovers == [URL(fileURLWithPath: file).lastPathComponent], "only the video is left: \(leftovers)")
        #expect(started.callbacks.progressCount > 0)
    }

    @Test func aPageWithoutVideoFailsWithYtDlpsReason() async throws {
        let result = try await plugin().extract(server.url("/novideo.html"), into: destination)
        #expect(result.status == .notFound && result.message.contains("Unsupported URL"), "\(result)")
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test func anAudioOnlyDownloadIsNotAPlayableVideo() async throws {
        let result = try await plugin().extract(server.url("/media/audio.m4a"), into: destination)
        #expect(result.status == .protocol && result.message.contains("no video stream"), "\(result)")
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test func notFound() async throws {
        let result = try await plugin().extract(server.url("/404"), into: destination)
        #expect(result.status == .notFound && result.message.contains("404"), "\(result)")
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test func cancelInTheMiddleLeavesNoProcessAndNoFile() async throws {
        let harness = try plugin()
        let started = try harness.startExtract(server.url("/slow/big.mp4?rate=40000"), into: destination)
        let deadline = ContinuousClock.now + .seconds(30)
        while started.callbacks.progressCount < 2, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
        #expect(started.callbacks.progressCount >= 2, "the download never reported progress")
        #expect(TestPaths.contents(destination).contains { $0.hasPrefix(".tmp-") }, "the job folder exists while downloading")
        harness.cancel(started.operation)
        let result = await started.callbacks.wait()
        #expect(result.status == .cancelled, "\(result)")
        #expect(leftovers.isEmpty, "\(leftovers)")
        #expect(ProcessScan.processes(mentioning: destination).isEmpty, "\(ProcessScan.processes(mentioning: destination))")
    }

    @Test func aTimeoutStopsTheDownload() async throws {
        let harness = try plugin(["extraction_timeout_seconds": "3"])
        let result = try await harness.extract(server.url("/slow/big.mp4?rate=40000"), into: destination)
        #expect(result.status == .timeout, "\(result)")
        #expect(leftovers.isEmpty, "\(leftovers)")
        #expect(ProcessScan.processes(mentioning: destination).isEmpty)
    }

    @Test func aVideoLargerThanTheBudgetIsRefused() async throws {
        let result = try await plugin(["max_video_bytes": "10000"]).extract(server.url("/media/big.mp4"), into: destination)
        #expect(result.status == .unsupported && result.message.contains("larger than the 10000 bytes"), "\(result)")
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    /// A live stream announces no size: the download is stopped at max_video_bytes, long before the
    /// extraction timeout, and says so.
    @Test func aLiveStreamIsStoppedAtTheSizeLimit() async throws {
        let started = ContinuousClock.now
        let result = try await plugin(["max_video_bytes": "150000", "extraction_timeout_seconds": "90"])
            .extract(server.url("/live.m3u8"), into: destination)
        #expect(result.status == .unsupported && result.message.contains("passed the 150000 bytes allowed and was stopped"), "\(result)")
        #expect(ContinuousClock.now - started < .seconds(60))
        #expect(leftovers.isEmpty, "\(leftovers)")
        #expect(ProcessScan.processes(mentioning: destination).isEmpty, "\(ProcessScan.processes(mentioning: destination))")
    }

    @Test func missingYtDlpSaysHowToInstallIt() async throws {
        let harness = try MediaPluginHarness(
            config: MediaPluginHarness.config(scratch: scratch, ["tool_search_path": scratch + "/no-such-folder"]))
        let result = try await harness.extract(server.url("/media/clip.mp4"), into: destination)
        #expect(result.status == .unavailable, "\(result)")
        #expect(result.message.contains("pip install yt-dlp=="), "\(result)")
        #expect(result.message.contains(" into \(scratch)/data/venv (python3 -m venv first)"), "\(result)")
        #expect(result.message.hasSuffix("or set ytdlp = \"/path/to/yt-dlp\" in config.toml"), "\(result)")
        let configured = try MediaPluginHarness(config: MediaPluginHarness.config(scratch: scratch, ["host.ytdlp": "/nonexistent/yt-dlp"]))
        #expect(try await configured.extract(server.url("/media/clip.mp4"), into: destination).message.contains("/nonexistent/yt-dlp"))
    }

    @Test func missingFFmpegSaysHowToInstallIt() async throws {
        let result = try await plugin(["tool_search_path": scratch + "/no-such-folder"]).extract(server.url("/media/clip.mp4"), into: destination)
        #expect(result.status == .unavailable && result.message.contains("apt-get install ffmpeg"), "\(result)")
    }

    @Test(arguments: ["javascript:alert(1)", "file:///etc/passwd", "ftp://127.0.0.1/clip.mp4", "-https://127.0.0.1/clip.mp4", "--exec=id"])
    func refusesWhatIsNotAWebLink(_ url: String) throws {
        let harness = try plugin()
        #expect {
            _ = try harness.startExtract(url, into: destination)
        } throws: { error in
            (error as? MediaPluginHarness.Refusal)?.status == .invalid
        }
    }

    @Test func aChannelPageIsNotAVideo() throws {
        let harness = try plugin(library: "media")
        #expect {
            _ = try harness.startExtract("https://www.youtube.com/@SomeChannel", into: destination)
        } throws: { error in
            (error as? MediaPluginHarness.Refusal)?.status == .unsupported
        }
    }

    /// The policy holds for every hop yt-dlp takes, not only the link: a redirect to a private
    /// address is refused and said so, a redirect the policy allows (loopback, for these tests'
    /// server) is followed.
    @Test func everyRedirectHopPassesTheAddressPolicy() async throws {
        let refused = try await plugin().extract(server.url("/to-private"), into: destination)
        #expect(refused.status == .permission && refused.message.contains("10.255.255.1"), "\(refused)")
        #expect(refused.message.contains("allow_private_addresses"), "\(refused)")
        #expect(leftovers.isEmpty, "\(leftovers)")
        let followed = try await plugin().extract(server.url("/to-clip"), into: destination)
        #expect(followed.status == .ok, "\(followed)")
    }

    @Test func privateAddressesNeedTheSetting() async throws {
        let ytDlp = try #require(TestPaths.ytDlp, Comment(rawValue: TestPaths.ytDlpMissing))
        let strict = try MediaPluginHarness(config: ["host.cache_dir": scratch + "/cache", "host.ytdlp": ytDlp])
        let result = try await strict.extract(server.url("/media/clip.mp4"), into: destination)
        #expect(result.status == .permission && result.message.contains("allow_private_addresses"), "\(result)")
    }

    /// An RTSP (or RTMP, MMS) download would connect around the checking proxy: such formats are
    /// never chosen, and nothing connects to the stream's address.
    @Test func aFormatNotFetchedOverHTTPIsNeverChosen() async throws {
        let listener = try LoopbackSocket(backlog: 4)
        defer { listener.close() }
        let result = try await plugin().extract(server.url("/rtsp.html?port=\(listener.port)"), into: destination)
        #expect(result.status != .ok && result.message.contains("Requested format is not available"), "\(result)")
        #expect(!listener.hasConnection(within: 0), "something connected to the RTSP address, around the proxy")
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test func aMissingDestinationIsReported() async throws {
        let result = try await plugin().extract(server.url("/media/clip.mp4"), into: scratch + "/absent")
        #expect(result.status == .io && result.message.contains("does not exist"), "\(result)")
    }
}
