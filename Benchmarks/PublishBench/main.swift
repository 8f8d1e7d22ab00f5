import Foundation
import Glibc
import LinkstrRuntime
import NostrCore

// linkstr-publish-bench: the publish round trip (EVENT → OK) to a relay on 127.0.0.1, through the
// relay client every command uses (`LinkstrApp.relayClient`: the relay-pool plugin loaded from this
// program's folder, its ABI and the async wrapper). For each relay kind — rust-nostr's LocalRelay and
// nostr-relay, both started by Tests/RelayPoolTests/Support/relay.py from the package's .venv
// (scripts/bootstrap.sh) — it publishes `--warm-up` events unmeasured, then `--count` events one after
// the other, and prints the median and 95th percentile of their round trips.
//
//   swift build -c release --product linkstr-plugin-relay-pool
//   swift build -c release --product linkstr-publish-bench
//   .build/release/linkstr-publish-bench [--count 200] [--warm-up 20]

func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

struct Options {
    var count = 200
    var warmUp = 20

    init(_ arguments: [String]) {
        var index = 1
        func number(atLeast minimum: Int) -> Int {
            index += 1
            guard index < arguments.count, let value = Int(arguments[index]), value >= minimum else { Self.usage() }
            return value
        }
        while index < arguments.count {
            switch arguments[index] {
            case "--count": count = number(atLeast: 1)
            case "--warm-up": warmUp = number(atLeast: 0)
            default: Self.usage()
            }
            index += 1
        }
    }

    static func usage() -> Never {
        printError("usage: linkstr-publish-bench [--count N (at least 1)] [--warm-up N]")
        exit(2)
    }
}

/// Round trips of `warmUp` then `count` publishes to `url` by a new relay client of `app`; the
/// measured ones, sorted.
func roundTrips(to url: String, app: LinkstrApp, count: Int, warmUp: Int) async throws -> [Duration] {
    let client = try app.relayClient(relays: [url], signer: .nobody)
    defer { try? client.setRelays([]) }
    guard await client.waitForConnection(until: .now + .seconds(10)) else {
        throw BenchFailure(description: "cannot connect to \(url): \(client.lastErrors[url] ?? "no answer")")
    }
    let author = LocalSigner(keypair: .generate())
    var samples: [Duration] = []
    for index in 0..<(warmUp + count) {
        let event = try author.sign(
            UnsignedEvent(pubkey: author.publicKey, createdAt: Int64(Date().timeIntervalSince1970), kind: 1, tags: [], content: "bench \(index)"))
        let start = ContinuousClock.now
        let result = try await client.publish(event, timeout: .seconds(5))
        let elapsed = ContinuousClock.now - start
        guard result.acceptedBy == [url] else { throw BenchFailure(description: "\(url) did not accept publish \(index): \(result.answers)") }
        if index >= warmUp { samples.append(elapsed) }
    }
    return samples.sorted()
}

func milliseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    return String(format: "%.2f ms", Double(seconds) * 1e3 + Double(attoseconds) / 1e15)
}

let options = Options(CommandLine.arguments)
let home = {
    var template = Array("/tmp/linkstr-publish-bench-XXXXXX".utf8CString)
    return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
}()
let app = LinkstrApp(RuntimeConfiguration(home: home, environment: ["HOME": home]))
var status: Int32 = 0
do {
    print("publish round trip (EVENT → OK) to a relay on 127.0.0.1: \(options.count) publishes after \(options.warmUp) warm-up")
    print("relay        median      p95")
    for kind in ["rust", "nostr-relay"] {
        let relay = try LocalRelay.start(kind, in: home)
        defer { relay.stop() }
        let samples = try await roundTrips(to: relay.url, app: app, count: options.count, warmUp: options.warmUp)
        let median = milliseconds(samples[samples.count / 2]).padding(toLength: 11, withPad: " ", startingAt: 0)
        let p95 = milliseconds(samples[min(samples.count - 1, samples.count * 95 / 100)])
        print(kind.padding(toLength: 12, withPad: " ", startingAt: 0), median, p95)
    }
} catch {
    printError("linkstr-publish-bench: \(error)")
    status = 1
}
await app.close()
_ = system("rm -rf '\(home)'")
exit(status)
