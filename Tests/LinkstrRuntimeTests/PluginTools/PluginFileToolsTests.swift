import Foundation
import LinkstrHost
import LinkstrRuntime
import Synchronization
import Testing
import TestSupport

/// The cores of `plugins check` and `plugins validate`, called in-process on a C fixture plugin (a
/// notifier and media provider): each step and call is reported, in order, before its outcome.
@Suite struct PluginFileToolsTests {
    private static func host(_ scratch: TestScratch) -> LinkstrHost {
        let paths = LinkstrPaths.resolve(home: scratch.folder("home"), configFile: nil, environment: [:])
        return LinkstrHost(paths: paths, configuration: Configuration(), log: HostLog(threshold: .error))
    }

    @Test func theCheckReportsEachStageAndTheEnd() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let plugin = try FixtureBuilder.misbehavingPlugin(scratch.file("good.so"), behaviour: "good")
        var steps: [PluginFileCheck.Step] = []
        PluginFileCheck(host: Self.host(scratch), path: plugin).run { steps.append($0) }
        let stages = steps.compactMap(\.stage)
        #expect(stages.starts(with: ["permissions", "dlopen"]), "\(stages)")
        #expect(stages.suffix(3) == ["capability", "capability", "destroy"], "\(stages)")
        #expect(steps.first { $0.stage == "create" }?.id == "org.linkstr.test.misbehaving")
        #expect(Set(steps.compactMap(\.capability)) == [CapabilityID.notifier, CapabilityID.mediaProvider])
        #expect(steps.allSatisfy { $0.error == nil })
        let end = try #require(steps.last)
        #expect(end.passed == true && end.id == "org.linkstr.test.misbehaving" && end.provides?.count == 2)
    }

    @Test func theCheckReportsTheStageAFileFailsIn() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let path = scratch.file("not-a-plugin.so")
        try "not an ELF file".write(toFile: path, atomically: true, encoding: .utf8)
        var steps: [PluginFileCheck.Step] = []
        PluginFileCheck(host: Self.host(scratch), path: path).run { steps.append($0) }
        let last = try #require(steps.last)
        #expect(last.stage == "dlopen" && last.error?.isEmpty == false, "\(steps)")
        #expect(!steps.contains { $0.passed == true })
    }

    /// A provider answering garbage metadata: the call is named before it runs, its verdict after.
    @Test func theValidationNamesEachCallBeforeItsVerdict() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let plugin = try FixtureBuilder.misbehavingPlugin(scratch.file("garbage.so"), behaviour: "garbage")
        let lines = Mutex<[PluginFileValidation.Line]>([])
        PluginFileValidation(
            path: plugin, settings: [:], callTimeoutSeconds: 1, url: "https://misbehaving.example/v/1",
            storageConformance: { (_, _) throws(LinkstrError) -> [PluginFileValidation.ConformanceCheck] in
                throw LinkstrError(.failed, "a notifier and media provider has no storage checks")
            },
            report: { line in lines.withLock { $0.append(line) } }
        ).run(home: Self.host(scratch))
        let reported = lines.withLock { $0 }
        #expect(reported.first?.plugin == "org.linkstr.test.misbehaving")
        let calls = Array(reported.dropFirst())
        // Pairs: the call, then its verdict with the same call and input.
        #expect(calls.count % 2 == 0 && !calls.isEmpty)
        for index in stride(from: 0, to: calls.count - 1, by: 2) {
            let (before, after) = (calls[index], calls[index + 1])
            #expect(before.passed == nil && after.passed != nil, "\(before) \(after)")
            #expect(before.call == after.call && before.input == after.input && after.ms != nil)
        }
        let metadata = calls.first { $0.call == "fetch_metadata" && $0.input == "ordinary" && $0.passed != nil }
        #expect(metadata?.passed == false && metadata?.outcome == "garbage", "\(String(describing: metadata))")
        #expect(calls.contains { $0.call == "notify post" && $0.input == "huge" && $0.passed != nil })
    }
}
