import Foundation
import Glibc
@_spi(Benchmark) import LinkstrRuntime
import LinkstrHost
import NostrCore

// linkstr-ingest-bench: `linkstr sync` minus the network. Gift wraps (one session, posts and
// reactions, 5 % delivered early, 10 % delivered twice) are made up front; then the clock runs over
// what sync does with each wrap — unwrap (every NIP-59 check), engine, sealed records, a SQLite
// commit every 2 000 wraps — through the SQLite plugin loaded by the host like the CLI loads it. Then
// the stored state is checked against what was generated. Build and run in release mode; run each
// size in its own process so the peak memory is that size's (scripts/bench-ingest.sh runs 10 000
// and 100 000 and prints the table). Wall time depends on what else the machine runs; the CPU time
// (every thread, user + system) much less. The peak RSS is measured from the start of the ingest
// (the wraps already in memory); the RSS at the start is printed beside it.
//
//   swift build -c release --product linkstr-plugin-sqlite
//   swift build -c release --product linkstr-ingest-bench
// Unwrapping runs on a pool of workers (one per core unless `--workers N`); the physical floor —
// libsecp256k1's two verifications and two ECDH of one unwrap, on one core — is measured in the
// same run.
//
// `--export FILE` also writes the wraps, one JSON event per line in delivery order, for the peer
// and the end-to-end sync of scripts/bench-ingest.sh (the RESULT line names the account's nsec and
// the session: a throwaway key).
//
//   .build/release/linkstr-ingest-bench [--count 10000] [--seed 1] [--workers N] [--home DIR] [--export FILE]

func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

struct Options {
    var count = 10_000
    var seed: UInt64 = 1
    /// Unwrap workers; the runtime's default (one per core) when nil.
    var workers: Int?
    /// The host's home (kept afterwards); a temporary folder, removed at the end, when nil.
    var home: String?
    /// Where to write the wraps (JSON lines), when given.
    var export: String?

    init(_ arguments: [String]) {
        var index = 1
        func next() -> String {
            index += 1
            guard index < arguments.count else { Self.usage() }
            return arguments[index]
        }
        while index < arguments.count {
            switch arguments[index] {
            case "--count":
                guard let value = Int(next()), value >= 100 else { Self.usage() }
                count = value
            case "--seed":
                guard let value = UInt64(next()) else { Self.usage() }
                seed = value
            case "--workers":
                guard let value = Int(next()), value >= 1 else { Self.usage() }
                workers = value
            case "--home": home = next()
            case "--export": export = next()
            default: Self.usage()
            }
            index += 1
        }
    }

    static func usage() -> Never {
        printError("usage: linkstr-ingest-bench [--count N (at least 100)] [--seed S] [--workers N] [--home DIR] [--export FILE]")
        exit(2)
    }
}

func now() -> Double {
    TenthClock.now()
}

/// User plus system CPU time of the whole process so far, in seconds.
func cpuTime() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

func fixed(_ value: Double, _ decimals: Int) -> String {
    String(format: "%.\(decimals)f", value)
}

func fileSize(_ path: String) -> Int64 {
    var info = stat()
    return stat(path, &info) == 0 ? Int64(info.st_size) : 0
}

func run(_ options: Options) async throws -> Bool {
    // MARK: The wraps (not timed)
    let generationStart = now()
    let workload = try IngestWorkload.make(count: options.count, seed: options.seed)
    print(
        "\(workload.wraps.count) gift wraps made in \(fixed(now() - generationStart, 1)) s: 1 session, \(workload.posts) posts, "
            + "\(workload.reactions) reactions; \(workload.moved) delivered early (\(workload.reactionsBeforePost) reactions before "
            + "their post, \(workload.postsBeforeSession) posts before the session), \(workload.duplicates) delivered twice")

    if let export = options.export {
        var lines: [UInt8] = []
        for wrap in workload.wraps { lines += wrap.jsonBytes() + [0x0A] }
        guard FileManager.default.createFile(atPath: export, contents: Data(lines)) else {
            throw WorkloadError("cannot write the wraps to \(export)")
        }
    }

    // The CPU cost of unwrapping alone (a sample), to tell it from the rest of the path.
    let sample = workload.wraps.prefix(2_000)
    let unwrapSigner = LocalSigner(keypair: workload.account)
    let unwrapStart = cpuTime()
    for wrap in sample { _ = try? GiftWrap.unwrap(wrap, recipient: unwrapSigner) }
    let unwrapMicroseconds = (cpuTime() - unwrapStart) / Double(sample.count) * 1e6
    let floorPerCore = UnwrapFloor.perCore()

    // MARK: The host, its SQLite plugin and the runtime, as the CLI opens them
    let home = options.home ?? {
        var template = Array("/tmp/linkstr-ingest-bench-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }()
    defer { if options.home == nil { _ = system("rm -rf '\(home)'") } }
    let opened = try LinkstrHost.open(home: home, configFile: nil, environment: ProcessInfo.processInfo.environment)
    var configuration = opened.configuration
    configuration.storage = "org.linkstr.storage.sqlite"
    let host = LinkstrHost(paths: opened.paths, configuration: configuration, log: opened.log)
    host.loadPlugins()
    defer { host.stop() }
    let backend: StorageBackend
    do {
        backend = try host.openStorage()
    } catch {
        printError("linkstr-ingest-bench: cannot open SQLite storage in \(home): \(error)")
        exit(2)
    }
    print("storage: \(host.registry.plugin(id: "org.linkstr.storage.sqlite")?.path ?? "?") → \(home)/data/linkstr.sqlite")
    let runtime = try AccountRuntime(host: host, backend: backend, secretKey: workload.account.secretKey, unwrapWorkers: options.workers)
    let cores = ProcessInfo.processInfo.activeProcessorCount

    // MARK: The timed ingest
    let peakReset = ProcessMemory.resetPeak()
    let residentBefore = ProcessMemory.residentKiB
    let ingestStart = now()
    let cpuStart = cpuTime()
    let tenths = TenthClock(count: workload.wraps.count, start: ingestStart)
    let report = try await InboxSync.ingest(workload.wraps, received: tenths.received, in: runtime)
    let seconds = now() - ingestStart
    let cpuSeconds = cpuTime() - cpuStart
    let peak = ProcessMemory.peakKiB

    // MARK: Does the stored state match what was sent?
    let feed = try await SessionFeed.posts(workload.sessionID, limit: nil, in: runtime)
    let activeReactions = feed.reduce(0) { $0 + $1.reactions.reduce(0) { $0 + $1.senders.count } }
    var problems: [String] = []
    if feed.count != workload.posts { problems.append("\(feed.count) posts stored, \(workload.posts) sent") }
    if activeReactions != workload.activeReactions {
        problems.append("\(activeReactions) active reactions stored, \(workload.activeReactions) expected")
    }
    if Set(feed.map(\.post.id)).count != feed.count { problems.append("a post is stored twice") }
    if feed.contains(where: \.post.unread) { problems.append("restored history is not marked read") }
    if report.received != workload.wraps.count { problems.append("\(report.received) wraps received, \(workload.wraps.count) delivered") }
    if report.rejected != 0 { problems.append("\(report.rejected) rejected: \(report.rejections)") }
    // Every rumor is accepted once, except a reaction toggle that arrives after a newer one of the
    // same (post, emoji, sender) (a no-op, counted as a duplicate).
    let ignoredToggles = workload.uniqueWraps - report.accepted
    if ignoredToggles < 0 || ignoredToggles > workload.reactions - workload.reactionKeys {
        problems.append("\(report.accepted) accepted of \(workload.uniqueWraps) distinct rumors")
    }

    let microseconds = seconds / Double(workload.wraps.count) * 1e6
    let cpuMicroseconds = cpuSeconds / Double(workload.wraps.count) * 1e6
    // Wraps seen before are not unwrapped: about one per distinct wrap is.
    let restMicroseconds = cpuMicroseconds - unwrapMicroseconds * Double(workload.uniqueWraps) / Double(workload.wraps.count)
    let databaseBytes = fileSize(home + "/data/linkstr.sqlite") + fileSize(home + "/data/linkstr.sqlite-wal")
    print("""
        ingest: \(workload.wraps.count) wraps in \(fixed(seconds, 2)) s = \(fixed(Double(workload.wraps.count) / seconds, 0)) wraps/s \
        (\(fixed(microseconds, 1)) µs each)
        CPU: \(fixed(cpuSeconds, 2)) s = \(fixed(cpuMicroseconds, 1)) µs per wrap (user + system, every thread); unwrapping one \
        costs \(fixed(unwrapMicroseconds, 1)) µs (\(workload.uniqueWraps) distinct wraps; repeats are not unwrapped again), the rest \
        (engine, sealing, SQLite) ≈ \(fixed(restMicroseconds, 1)) µs per wrap
        workers: \(runtime.unwrapWorkers) unwrapping on \(cores) cores; the floor (libsecp256k1: 2 verify + 2 ECDH per wrap) is \
        \(fixed(floorPerCore, 0)) wraps/s per core, \(fixed(floorPerCore * Double(cores), 0)) on every core
        report: received \(report.received), accepted \(report.accepted), staged \(report.staged), rejected \(report.rejected)
        each tenth (wraps/s, as handed to the ingest): \(tenths.rates.map { fixed($0, 0) }.joined(separator: " "))
        memory: peak RSS \(peak / 1024) MiB during the ingest (\(residentBefore / 1024) MiB resident when it started, the wraps included)\
        \(peakReset ? "" : " — the kernel refused to reset the peak, so it covers the set-up too")
        database: \(fixed(Double(databaseBytes) / 1_048_576, 1)) MiB
        check: \(problems.isEmpty ? "ok — \(feed.count) posts and \(activeReactions) active reactions stored, as sent" : problems.joined(separator: "; "))
        """)
    // One line for scripts/bench-ingest.sh.
    print(
        "RESULT count=\(workload.wraps.count) seconds=\(fixed(seconds, 3)) per_second=\(fixed(Double(workload.wraps.count) / seconds, 0)) "
            + "us_per_wrap=\(fixed(microseconds, 1)) cpu_us=\(fixed(cpuMicroseconds, 1)) unwrap_us=\(fixed(unwrapMicroseconds, 1)) rest_us=\(fixed(restMicroseconds, 1)) peak_kib=\(peak) start_kib=\(residentBefore) "
            + "workers=\(runtime.unwrapWorkers) cores=\(cores) floor_per_core=\(fixed(floorPerCore, 0)) "
            + "session=\(workload.sessionID.rawValue) nsec=\(workload.account.secretKey.nsec) posts=\(feed.count) check=\(problems.isEmpty ? "ok" : "failed")")
    return problems.isEmpty
}

// The run is a detached task while the main thread waits on a semaphore, not an asynchronous top
// level (which parks the main thread in `dispatch_main`, where valgrind 3.19 crashes): the serial
// cost per wrap is measured with `valgrind --tool=callgrind` (README, Benchmarks).
let options = Options(CommandLine.arguments)
Task.detached { [options] in
    do {
        exit(try await run(options) ? 0 : 1)
    } catch {
        printError("linkstr-ingest-bench: \(error)")
        exit(1)
    }
}
DispatchSemaphore(value: 0).wait()
