import Glibc
import LinkstrHost
import LinkstrPluginKit
import PluginABI
import PluginTesting

// linkstr-storage-bench: inserts, feed and unread-list latency, size and the cost of encryption, for
// the storage plugins side by side. Build and run in release mode:
//
//   swift build -c release && .build/release/linkstr-storage-bench [--posts 100000] [--sessions 200]
//       [--batch 1000] [--queries 500] [--postgresql URL]
//
// PostgreSQL runs when --postgresql (or LINKSTR_BENCH_PG_URL, a URI) gives a server, e.g. one started
// by Tests/Support/pg-test-server.sh; each run gets a schema of its own, dropped afterwards.

func printError(_ message: String) {
    let bytes = Array((message + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

struct Options {
    var posts = 100_000
    var sessions = 200
    var batch = 1000
    var queries = 500
    var postgresURL = getenv("LINKSTR_BENCH_PG_URL").map { String(cString: $0) }

    init(_ arguments: [String]) {
        var index = 1
        func next() -> String {
            index += 1
            guard index < arguments.count else { Self.usage() }
            return arguments[index]
        }
        func number() -> Int {
            guard let value = Int(next()), value > 0 else { Self.usage() }
            return value
        }
        while index < arguments.count {
            switch arguments[index] {
            case "--posts": posts = number()
            case "--sessions": sessions = number()
            case "--batch": batch = number()
            case "--queries": queries = number()
            case "--postgresql": postgresURL = next()
            default: Self.usage()
            }
            index += 1
        }
    }

    static func usage() -> Never {
        printError("usage: linkstr-storage-bench [--posts N] [--sessions N] [--batch N] [--queries N] [--postgresql URL]")
        exit(2)
    }
}

let options = Options(CommandLine.arguments)
for kind in ["sqlite", "memory"] + (options.postgresURL == nil ? [] : ["postgresql"]) where access(BuildProducts.plugin(kind), R_OK) != 0 {
    printError("linkstr-storage-bench: \(BuildProducts.plugin(kind)) is missing; build the plugins first: swift build -c release")
    exit(2)
}
if let url = options.postgresURL {
    do {
        try BenchSchema(serverURL: url, name: "linkstr_bench_\(getpid())_probe").drop()
    } catch {
        printError("linkstr-storage-bench: cannot use the PostgreSQL server \(url): \(String(describing: error).split(separator: "\n").joined(separator: " "))")
        exit(2)
    }
}
let scratch = BuildProducts.directory + "/bench-scratch-\(getpid())"
mkdir(scratch, 0o700)
defer { _ = system("rm -rf '\(scratch)'") }

var results: [BenchResult] = []
for (kind, encrypted) in [("sqlite", false), ("sqlite", true), ("postgresql", false), ("postgresql", true), ("memory", false)] {
    var config: [String: String] = [:]
    var schema: BenchSchema?
    do {
        switch kind {
        case "sqlite": config["path"] = scratch + "/\(encrypted ? "encrypted" : "plain").sqlite"
        case "postgresql":
            guard let url = options.postgresURL else { continue }
            schema = try BenchSchema(serverURL: url, name: "linkstr_bench_\(getpid())_\(encrypted ? "encrypted" : "plain")")
            config["url"] = schema?.url
        default: break
        }
        defer { schema?.drop() }
        let run = try BenchRun(kind: kind, config: config, encrypted: encrypted, options: options)
        results.append(try run.run())
    } catch {
        printError("\(kind)\(encrypted ? " (encrypted)" : ""): \(error)")
    }
}
print(BenchResult.table(results, options: options))
if options.postgresURL == nil { print("\nPostgreSQL left out: pass --postgresql URL (see Tests/Support/pg-test-server.sh).") }
