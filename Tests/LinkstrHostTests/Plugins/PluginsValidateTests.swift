import Foundation
import PluginTesting
import Testing

/// `linkstr plugins validate`: each misbehaving plugin of MisbehavingPluginTests is caught, named by
/// the call it misbehaved in; the shipped plugins pass.
@Suite struct PluginsValidateTests {
    struct Report {
        var status: Int32
        var object: [String: Any]
        var stderr: String

        var calls: [[String: Any]] { object["calls"] as? [[String: Any]] ?? [] }
        var failed: [[String: Any]] { calls.filter { $0["passed"] as? Bool == false } }
        var outcomes: Set<String> { Set(failed.compactMap { $0["outcome"] as? String }) }
    }

    /// Validates with a 1 s call deadline; the ordinary link is `url` (by default one on a closed port
    /// of 127.0.0.1, which no shipped provider fetches).
    private func validate(_ path: String, _ extra: [String] = [], url: String = "http://127.0.0.1:1/video/1", home: String) throws -> Report {
        let result = try ProcessRunner.linkstr(
            ["plugins", "validate", path, "--json", "--call-timeout", "1", "--url", url, "--home", home] + extra)
        let object = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]) ?? [:]
        return Report(status: result.status, object: object, stderr: result.stderr)
    }

    /// The fixture provides a notifier, exercised first, and a media provider claiming
    /// https://misbehaving.example/ links.
    @Test(arguments: [
        ("hang", "no done", "notify post"), ("slow", "no done", "notify post"), ("block", "no done", "notify post"),
        ("double-done", "double done", "notify post"), ("done-then-error", "done and error", "notify post"),
        ("garbage", "garbage", "fetch_metadata"), ("javascript", "garbage", "fetch_metadata"), ("unterminated", "garbage", "classify"),
        ("crash", "crash", "notify post"),
    ])
    func catchesAMisbehavingPlugin(behaviour: String, outcome: String, firstCall: String) throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let plugin = try FixtureBuilder.misbehavingPlugin(scratch.file("\(behaviour).so"), behaviour: behaviour)
        let report = try validate(plugin, url: "https://misbehaving.example/v/1", home: scratch.folder("home"))
        #expect(report.status == 1, "\(report.stderr)")
        #expect(report.object["passed"] as? Bool == false)
        #expect(report.outcomes.contains(outcome), "\(report.failed)")
        let first = report.failed.first
        #expect(first?["call"] as? String == firstCall && first?["input"] as? String == "ordinary", "\(report.failed)")
        #expect(report.stderr.contains("plugin org.linkstr.test.misbehaving failed"), "\(report.stderr)")
    }

    /// A synchronous call that never returns: the child prints nothing more, and is killed once the
    /// watchdog (30 s at least) runs out.
    @Test func namesTheCallInWhichThePluginHung() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let plugin = try FixtureBuilder.misbehavingPlugin(scratch.file("block-classify.so"), behaviour: "block-classify")
        let report = try validate(plugin, ["--set", "delay_ms=600000"], url: "https://misbehaving.example/v/1", home: scratch.folder("home"))
        #expect(report.status == 1, "\(report.stderr)")
        let last = report.calls.last
        #expect(last?["call"] as? String == "classify" && last?["input"] as? String == "ordinary", "\(report.calls)")
        #expect(last?["outcome"] as? String == "hang")
        #expect((last?["detail"] as? String)?.hasSuffix("; the validating process was killed") == true, "\(String(describing: last))")
    }

    @Test func exercisesAWellBehavedPluginWithEveryInputAndKind() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let plugin = try FixtureBuilder.misbehavingPlugin(scratch.file("good.so"), behaviour: "good")
        let report = try validate(plugin, url: "https://misbehaving.example/v/1", home: scratch.folder("home"))
        #expect(report.status == 0, "\(report.failed) \(report.stderr)")
        let names = Set(report.calls.compactMap { call in (call["call"] as? String).map { "\($0) \(call["input"] as? String ?? "")" } })
        for call in ["classify", "fetch_metadata", "resolve", "notify post", "notify reaction", "notify test", "notify saved", "notify permission"] {
            for input in ["ordinary", "hostile", "huge"] {
                #expect(names.contains("\(call) \(input)"), "\(call) \(input) not exercised: \(names.sorted())")
            }
        }
        #expect(report.calls.allSatisfy { $0["ms"] is Int })
    }

    @Test(arguments: [
        ("media", [String]()), ("media-generic", []), ("notify-desktop", []), ("notify-http", ["--set", "url=http://127.0.0.1:1/push", "--set", "attempts=1"]),
        ("notify-command", ["--set", "command=[\"/bin/sh\", \"-c\", \"cat > /dev/null\"]"]), ("sqlite", []), ("memory", []), ("relay-pool", []),
    ])
    func passesTheShippedPlugins(name: String, settings: [String]) throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let report = try validate(BuildProducts.plugin(name), settings, home: scratch.folder("home"))
        #expect(report.status == 0, "\(report.failed) \(report.stderr)")
        #expect(!report.calls.isEmpty)
    }

    @Test func passesTheCSamples() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let vimeo = try FixtureBuilder.vimeoPlugin(scratch.file("vimeo.so"))
        let memory = scratch.file("c-memory.so")
        try FixtureBuilder.compile(["-shared", "-fPIC", "-fvisibility=hidden", "-pthread", FixtureBuilder.repositoryRoot + "/Plugins/Storage/CMemory/memory_store.c", "-o", memory])
        for plugin in [vimeo, memory] {
            let report = try validate(plugin, home: scratch.folder("home"))
            #expect(report.status == 0, "\(plugin): \(report.failed) \(report.stderr)")
        }
    }
}
