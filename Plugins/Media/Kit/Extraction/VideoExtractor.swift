import Foundation
import Glibc
import LinkstrPluginKit
import Subprocess
import SystemPackage

/// Extracts a video with yt-dlp, run as a subprocess (swift-subprocess):
/// - an argument array (no shell), `--no-config` so a user's yt-dlp config cannot change the output,
///   `--no-playlist -I 1` so a channel or playlist link downloads at most one video, and `--` before
///   the URL so a URL can never be read as an option;
/// - its own session and process group, so a timeout or cancel can stop yt-dlp and the ffmpeg it
///   started: SIGINT, then SIGTERM to the group, then SIGKILL;
/// - one temporary folder per job inside the destination (`.tmp-<random>`), removed on every exit
///   path, and the final file removed too when the job is cancelled or fails verification;
/// - progress parsed from `--progress-template` lines; the result verified (exists, non-empty, inside
///   the destination, ffprobe finds a video stream);
/// - every connection yt-dlp and its ffmpeg make, redirects included, through a `CheckingProxy` that
///   holds them to the address policy and connects to the address it checked; a refusal is the
///   error. Only formats fetched over http(s) are chosen (direct files, HLS, DASH): yt-dlp's rtmp,
///   rtsp, mms or websocket downloads would connect around the proxy;
/// - the job folder's size watched while yt-dlp runs: `--max-filesize` only knows sizes announced in
///   advance, so a live or HLS stream (or a download of unknown length) is stopped once what it
///   wrote passes `maxBytes`.
///
/// Thread rule: thread-safe; each `extract` call is independent.
struct VideoExtractor: Sendable {
    let tools: ExtractionTools
    let timeout: Duration
    let maxBytes: Int64
    let searchPath: String
    let naming: CacheNaming
    let policy: AddressPolicy

    /// - Parameters:
    ///   - url: an http(s) URL, already checked by the caller.
    ///   - destination: an existing folder; the video lands in it as `<keyed name of the url>.<ext>`.
    ///   - progress: called with (downloaded bytes, total bytes or -1), from any thread.
    func extract(
        url: String, into destination: String, progress: @escaping @Sendable (Int64, Int64) -> Void
    ) async throws(ExtractionError) -> ExtractedVideo {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: destination, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .destination("the destination folder \(destination) does not exist")
        }
        let jobFolder = destination + "/.tmp-" + UUID().uuidString.lowercased()
        guard mkdir(jobFolder, 0o700) == 0 else {
            throw .destination("cannot create \(jobFolder): \(String(cString: strerror(errno)))")
        }
        defer { try? FileManager.default.removeItem(atPath: jobFolder) }
        let proxy = try CheckingProxy(policy: policy)
        defer { proxy.stop() }

        let outcome: Outcome
        do {
            outcome = try await withThrowingTaskGroup(of: Outcome.self) { group in
                group.addTask {
                    try await self.runYtDlp(url: url, destination: destination, jobFolder: jobFolder, proxy: proxy.url, progress: progress)
                }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    throw ExtractionError.timeout(seconds: Int(timeout.seconds))
                }
                group.addTask { try await self.watchSize(of: jobFolder) }
                defer { group.cancelAll() }
                return try await group.next()!
            }
        } catch let error as ExtractionError {
            throw error
        } catch is CancellationError {
            throw .cancelled
        } catch {
            throw .launch("\(error)")
        }
        if Task.isCancelled {
            outcome.file.map { _ = unlink($0) }
            throw .cancelled
        }
        if !outcome.success, let refusal = proxy.refusals.first {
            outcome.file.map { _ = unlink($0) }
            throw .refused("\(url) leads somewhere extraction may not go: \(refusal)")
        }
        return try await verify(outcome, destination: destination)
    }

    /// Returns never: throws `sizeLimitReached` once the files in `folder` pass `maxBytes`.
    private func watchSize(of folder: String) async throws -> Outcome {
        while true {
            try await Task.sleep(for: Self.sizeCheckInterval)
            if Self.bytes(in: folder) > maxBytes { throw ExtractionError.sizeLimitReached(maxBytes: maxBytes) }
        }
    }

    static let sizeCheckInterval = Duration.milliseconds(250)

    /// The total size of the regular files under `folder`.
    static func bytes(in folder: String) -> Int64 {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return 0 }
        var total: Int64 = 0
        while let name = walker.nextObject() as? String {
            var info = stat()
            if lstat(folder + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFREG { total += Int64(info.st_size) }
        }
        return total
    }

    /// What one yt-dlp run left: its exit, the `[f]` path and its stderr.
    private struct Outcome: Sendable {
        var success: Bool
        var status: String
        var file: String?
        var errorText: String
    }

    private func runYtDlp(
        url: String, destination: String, jobFolder: String, proxy: String, progress: @escaping @Sendable (Int64, Int64) -> Void
    ) async throws -> Outcome {
        var options = PlatformOptions()
        options.createSession = true
        options.teardownSequence = [
            .send(signal: .interrupt, toProcessGroup: true, allowedDurationToNextStep: .seconds(2)),
            .send(signal: .terminate, toProcessGroup: true, allowedDurationToNextStep: .seconds(2)),
            .send(signal: .kill, toProcessGroup: true, allowedDurationToNextStep: .seconds(1)),
        ]
        let ffmpegFolder = String(tools.ffmpeg[..<(tools.ffmpeg.lastIndex(of: "/") ?? tools.ffmpeg.startIndex)])
        let arguments: [String] = [
            "--no-config", "--no-playlist", "--playlist-items", "1", "--no-cache-dir", "--no-mtime",
            "--newline", "--quiet", "--progress", "--progress-delta", "0.25", "--no-colors",
            "--progress-template", YtDlpOutputLine.progressTemplate,
            "--print", YtDlpOutputLine.fileTemplate,
            "-t", "mp4", "-S", "vcodec:h264,res:720", "-f", Self.httpFormats,
            "--max-filesize", String(maxBytes), "--socket-timeout", "20", "--retries", "2", "--proxy", proxy,
            "--ffmpeg-location", ffmpegFolder.isEmpty ? tools.ffmpeg : ffmpegFolder,
            "-P", destination, "-P", "temp:" + jobFolder,
            "-o", naming.name(for: url) + ".%(ext)s",
            "--", url,
        ]
        let pid = ProcessIDBox()
        var exited = false
        defer { if !exited { pid.killGroupIfStarted() } }
        let result = try await run(
            .path(FilePath(tools.ytDlp)), arguments: Arguments(arguments),
            environment: .inherit.updating(["PATH": searchPath, "PYTHONUNBUFFERED": "1", "no_proxy": "", "NO_PROXY": ""]),
            platformOptions: options, input: .none, output: .sequence, error: .string(limit: 64 * 1024)
        ) { execution in
            pid.set(execution.processIdentifier.value)
            var file: String?
            for try await line in execution.standardOutput.strings() {
                switch YtDlpOutputLine(Substring(line)) {
                case .progress(let downloaded, let total): progress(downloaded, total)
                case .file(let path): file = path
                case .other: continue
                }
            }
            return file
        }
        exited = true
        return Outcome(
            success: result.terminationStatus.isSuccess, status: "\(result.terminationStatus)", file: result.closureResult,
            errorText: Self.errorSummary(result.standardError))
    }

    /// yt-dlp's default choice (the best video with the best audio, else the best combined
    /// format), limited to the protocols that go through the proxy.
    static let httpFormats: String = {
        let http = "[protocol~='^(https?|m3u8(_native)?|http_dash_segments(_generator)?)$']"
        return "bv*\(http)+ba\(http)/b\(http)"
    }()

    private func verify(_ outcome: Outcome, destination: String) async throws(ExtractionError) -> ExtractedVideo {
        guard outcome.success else {
            outcome.file.map { _ = unlink($0) }
            throw .ytDlpFailed(status: outcome.status, message: outcome.errorText.isEmpty ? "no error message" : outcome.errorText)
        }
        // With these flags, yt-dlp exits 0 without a file when --max-filesize stopped the download (its
        // message is silenced by --print).
        guard let file = outcome.file else { throw .tooLarge(maxBytes: maxBytes) }
        let resolvedFolder = URL(fileURLWithPath: destination).resolvingSymlinksInPath().path
        let resolvedFile = URL(fileURLWithPath: file).resolvingSymlinksInPath().path
        guard resolvedFile.hasPrefix(resolvedFolder + "/") else {
            throw .unplayable("yt-dlp wrote \(file), outside \(destination)")
        }
        var info = stat()
        guard stat(file, &info) == 0 else { throw .unplayable("yt-dlp reported \(file), which does not exist") }
        guard info.st_size > 0 else {
            unlink(file)
            throw .unplayable("\(file) is empty")
        }
        do {
            let probe = try await VideoProbe.verify(file, ffprobe: tools.ffprobe)
            return ExtractedVideo(
                path: file, bytes: Int64(info.st_size), codec: probe.codec, width: probe.width, height: probe.height,
                duration: probe.duration)
        } catch {
            unlink(file)
            throw error
        }
    }

    /// The `ERROR:` lines of yt-dlp's stderr (else its last line), shortened.
    static func errorSummary(_ stderr: String) -> String {
        let lines = stderr.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        let errors = lines.filter { $0.hasPrefix("ERROR:") }.map { String($0.dropFirst(6)).trimmingCharacters(in: .whitespaces) }
        let summary = errors.isEmpty ? (lines.last ?? "") : errors.joined(separator: "; ")
        return summary.count > 300 ? String(summary.prefix(300)) + "…" : summary
    }
}
