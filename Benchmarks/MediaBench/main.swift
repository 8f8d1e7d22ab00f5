import Foundation
import LinkstrMediaKit
import LinkstrPluginKit
import PluginABI
import PluginTesting

// linkstr-media-bench: classification rate, metadata for 100 local pages, extraction against yt-dlp
// alone. Run a release build from the package root:
//   swift build -c release --product linkstr-media-bench && .build/release/linkstr-media-bench
// Needs python3, ffmpeg and the yt-dlp of Tests/Support/setup-venv.sh (or LINKSTR_YTDLP).

/// One line on stderr and the exit status (2: bad arguments or something missing).
func fail(_ message: String, status: Int32 = 2) -> Never {
    FileHandle.standardError.write(Data("linkstr-media-bench: \(message)\n".utf8))
    exit(status)
}

let packageRoot = FileManager.default.currentDirectoryPath
guard CommandLine.arguments.count == 1 else { fail("takes no arguments; run it from the package root") }
guard FileManager.default.fileExists(atPath: packageRoot + "/Tests/Support/fixture_server.py") else {
    fail("Tests/Support/fixture_server.py is not in \(packageRoot); run it from the package root")
}
for plugin in [BuildProducts.plugin("media"), BuildProducts.plugin("media-generic")] where !FileManager.default.fileExists(atPath: plugin) {
    fail("\(plugin) is missing; build it first: swift build -c release")
}
let ytDlp = ProcessInfo.processInfo.environment["LINKSTR_YTDLP"] ?? packageRoot + "/.venv/bin/yt-dlp"
guard FileManager.default.isExecutableFile(atPath: ytDlp) else { fail("yt-dlp is missing: run Tests/Support/setup-venv.sh (or set LINKSTR_YTDLP)") }
let urls = [
    "https://www.tiktok.com/@acct/video/7596114833477537054?is_from_webapp=1", "https://vm.tiktok.com/ZMabc123/",
    "https://www.instagram.com/reel/C9abcDEF12/?igsh=MWQ1ZGUxMzBkMA==", "https://www.instagram.com/p/CxYz123AbC/",
    "https://m.facebook.com/reel/1234567890123456/?mibextid=abc", "https://www.facebook.com/somepage/videos/987654321012345/",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ&si=abc&t=42", "https://youtu.be/dQw4w9WgXcQ", "https://www.youtube.com/@Channel",
    "https://rumble.com/v4abc12-some-title.html", "https://x.com/someone/status/1876543210987654321?s=20",
    "https://example.com/path?utm_source=a&b=2", "https://news.example.org/2026/11/22/a-long-article-slug-here",
]

func rate(_ label: String, iterations: Int, _ body: () -> Void) {
    let clock = ContinuousClock()
    let elapsed = clock.measure(body)
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    print(String(format: "%-46@ %10.2f M/s  (%.0f ns each)", label as NSString, Double(iterations) / seconds / 1e6, seconds / Double(iterations) * 1e9))
}

// MARK: Classification

print("== classification (\(urls.count) URLs of all providers, round robin)")
let iterations = 3_000_000
var utf8 = urls.map { Array($0.utf8) }
var checksum = 0
withUnsafeTemporaryAllocation(byteCount: 4096, alignment: 1) { raw in
    var canonical = URLWriter(UnsafeMutableRawBufferPointer(rebasing: raw[..<2048]))
    var embed = URLWriter(UnsafeMutableRawBufferPointer(rebasing: raw[2048...]))
    rate("MediaClassifier (bytes, no allocation)", iterations: iterations) {
        for index in 0..<iterations {
            utf8[index % utf8.count].withUnsafeBufferPointer { bytes in
                if MediaClassifier.classify(bytes, providers: .all, canonical: &canonical, embed: &embed) != nil { checksum &+= canonical.count }
            }
        }
    }
}
rate("MediaClassifier.classify(String) (allocates)", iterations: iterations / 4) {
    for index in 0..<iterations / 4 { checksum &+= MediaClassifier.classify(urls[index % urls.count])?.canonicalURL.utf8.count ?? 0 }
}
let builtin = try FakeHost(pluginID: "org.linkstr.media.builtin").load(path: BuildProducts.plugin("media"))
let vtable = try builtin.capability(LKH_CAP_MEDIA_PROVIDER_V1, as: lkh_media_provider_v1.self)
var out = lkh_media_classification()
out.struct_size = UInt32(MemoryLayout<lkh_media_classification>.size)
let cStrings = urls.map { strdup($0)! }
rate("plugin vtable classify (C ABI, built-in .so)", iterations: iterations) {
    for index in 0..<iterations {
        if vtable.vtable.pointee.classify!(vtable.rawInstance, cStrings[index % cStrings.count], &out, nil) == LKH_OK { checksum &+= Int(out.mode) }
    }
}
print("(checksum \(checksum))")

// MARK: The fixture server

let media = packageRoot + "/.build/test-scratch/media-fixtures"
try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
let server = Process()
server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
server.arguments = ["python3", packageRoot + "/Tests/Support/fixture_server.py", media, "--lifetime", "600"]
let pipe = Pipe()
server.standardOutput = pipe
try server.run()
var line = Data()
while let byte = try pipe.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line += byte }
guard let port = Int(String(decoding: line, as: UTF8.self).dropFirst(5)) else { fail("the fixture server did not start", status: 1) }
defer { server.terminate() }

/// Waits for one done callback.
final class Waiter: @unchecked Sendable {
    let semaphore = DispatchSemaphore(value: 0)
    var status: lkh_status = 0
    var json = ""
}

let done: lkh_done_fn = { userData, status, _, result in
    let waiter = Unmanaged<Waiter>.fromOpaque(userData!).takeRetainedValue()
    waiter.status = status
    waiter.json = String(decoding: OwnedBytes.take(result), as: UTF8.self)
    waiter.semaphore.signal()
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

// MARK: Metadata

let scratch = packageRoot + "/.build/test-scratch/bench-\(getpid())"
defer { try? FileManager.default.removeItem(atPath: scratch) }
print("\n== metadata: 100 local pages (20 KB each, OpenGraph + one shared thumbnail), all started at once")
for concurrency in [1, 4, 16] {
    let cache = scratch + "/metadata-\(concurrency)"
    let host = FakeHost(
        pluginID: "org.linkstr.media.generic",
        config: ["host.cache_dir": cache, "allow_private_addresses": "loopback", "metadata_concurrency": String(concurrency)])
    let plugin = try host.load(path: BuildProducts.plugin("media-generic"))
    let provider = try plugin.capability(LKH_CAP_MEDIA_PROVIDER_V1, as: lkh_media_provider_v1.self)
    let clock = ContinuousClock()
    let start = clock.now
    let waiters = (0..<100).map { number -> Waiter in
        let waiter = Waiter()
        var operation: UInt64 = 0
        let status = provider.vtable.pointee.fetch_metadata!(
            provider.rawInstance, "http://127.0.0.1:\(port)/page/\(number).html", 6000, done, Unmanaged.passRetained(waiter).toOpaque(),
            &operation, nil)
        precondition(status == LKH_OK)
        return waiter
    }
    waiters.forEach { $0.semaphore.wait() }
    let elapsed = seconds(clock.now - start)
    let failures = waiters.filter { $0.status != LKH_OK }.count
    print(String(format: "metadata_concurrency %2d: %6.3f s for 100 pages, %6.1f pages/s, %d failed", concurrency, elapsed, 100 / elapsed, failures))
    plugin.destroy()
}

// MARK: Extraction

let target = "http://127.0.0.1:\(port)/media/big.mp4"
print("\n== extraction of \(target) (783 kB, 20 s 640x480 H.264), 3 runs each, median")
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

var alone: [Double] = []
for run in 0..<3 {
    let folder = scratch + "/alone-\(run)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: ytDlp)
    process.arguments = ["--no-config", "--quiet", "-P", folder, "-o", "video.%(ext)s", "--", target]
    let clock = ContinuousClock()
    let start = clock.now
    try process.run()
    process.waitUntilExit()
    alone.append(seconds(clock.now - start))
}
var throughPlugin: [Double] = []
for run in 0..<3 {
    let folder = scratch + "/plugin-\(run)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let host = FakeHost(
        pluginID: "org.linkstr.media.generic",
        config: ["host.cache_dir": scratch + "/cache", "allow_private_addresses": "loopback", "ytdlp": ytDlp])
    let plugin = try host.load(path: BuildProducts.plugin("media-generic"))
    let provider = try plugin.capability(LKH_CAP_MEDIA_PROVIDER_V1, as: lkh_media_provider_v1.self)
    let waiter = Waiter()
    var operation: UInt64 = 0
    let clock = ContinuousClock()
    let start = clock.now
    let status = provider.vtable.pointee.extract!(
        provider.rawInstance, target, folder, nil, done, Unmanaged.passRetained(waiter).toOpaque(), &operation, nil)
    precondition(status == LKH_OK)
    waiter.semaphore.wait()
    throughPlugin.append(seconds(clock.now - start))
    precondition(waiter.status == LKH_OK, "extraction failed: \(waiter.json)")
    plugin.destroy()
}
print(String(format: "yt-dlp alone (plain download):            %.2f s  (runs: %@)", median(alone), alone.map { String(format: "%.2f", $0) }.joined(separator: ", ")))
print(String(format: "plugin extract (yt-dlp -t mp4 + ffprobe):  %.2f s  (runs: %@)", median(throughPlugin), throughPlugin.map { String(format: "%.2f", $0) }.joined(separator: ", ")))
