import Foundation
import PluginTesting
import Testing

/// The benchmark programs answer a simple mistake (no file, a bad argument) with one line on stderr
/// and exit status 2, not a crash with a backtrace.
@Suite struct BenchmarkArgumentTests {
    private func bench(_ name: String, _ arguments: [String]) throws -> ProcessRunner.Result {
        try ProcessRunner.run(BuildProducts.directory + "/" + name, arguments, environment: ["PATH": "/usr/bin:/bin"], timeout: 60)
    }

    private func expectOneLine(_ result: ProcessRunner.Result, _ prefix: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!result.signaled, sourceLocation: sourceLocation)
        #expect(result.status == 2, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix(prefix), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
    }

    @Test func hostBenchWithAMissingPluginFile() throws {
        expectOneLine(try bench("linkstr-host-bench", ["liblinkstr-plugin-vimeo.so"]), "linkstr-host-bench: refused plugin liblinkstr-plugin-vimeo.so at permissions: cannot resolve the path: No such file or directory")
        expectOneLine(try bench("linkstr-host-bench", []), "usage: linkstr-host-bench")
    }

    @Test func hostBenchWithAPluginThatIsNoMediaProvider() throws {
        expectOneLine(try bench("linkstr-host-bench", [BuildProducts.plugin("memory")]), "linkstr-host-bench: ")
    }

    @Test func ingestBenchWithAHomeItCannotUse() throws {
        expectOneLine(try bench("linkstr-ingest-bench", ["--count", "100", "--home", "/proc/linkstr-nowhere"]),
            "linkstr-ingest-bench: cannot open SQLite storage in /proc/linkstr-nowhere: ")
        expectOneLine(try bench("linkstr-ingest-bench", ["--count"]), "usage: linkstr-ingest-bench")
    }

    @Test func storageAndMediaBenchWithBadArguments() throws {
        expectOneLine(try bench("linkstr-storage-bench", ["--postgresql", "postgresql://127.0.0.1:9/none"]),
            "linkstr-storage-bench: cannot use the PostgreSQL server postgresql://127.0.0.1:9/none: ")
        expectOneLine(try bench("linkstr-media-bench", ["--fast"]), "linkstr-media-bench: takes no arguments")
    }

    @Test func publishBenchWithABadCount() throws {
        expectOneLine(try bench("linkstr-publish-bench", ["--count", "0"]), "usage: linkstr-publish-bench")
        expectOneLine(try bench("linkstr-publish-bench", ["--relay"]), "usage: linkstr-publish-bench")
    }

    @Test func nostrBenchWithAnUnknownPart() throws {
        expectOneLine(try bench("linkstr-nostr-bench", ["--fast"]), "usage: linkstr-nostr-bench [throughput|parsing]")
    }
}
