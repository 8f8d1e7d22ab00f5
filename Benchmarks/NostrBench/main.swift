import Foundation

// linkstr-nostr-bench: NostrCore's throughput (sign, verify, NIP-44, gift wrap and unwrap, held
// against libsecp256k1 alone) and its event parsing. Run a release build:
//   swift build -c release --product linkstr-nostr-bench && .build/release/linkstr-nostr-bench [throughput|parsing]
// or scripts/bench-nostr.sh for the table beside rust-nostr. LINKSTR_BENCH_ROUNDS / LINKSTR_BENCH_SECONDS
// set the rounds and the seconds per operation per round (15 × 0.1), LINKSTR_BENCH_ONLY the keys to run.

let parts = ["throughput": NostrBench.throughput, "parsing": NostrBench.parsing]
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count <= 1, arguments.allSatisfy({ parts[$0] != nil }) else {
    FileHandle.standardError.write(Data("usage: linkstr-nostr-bench [throughput|parsing]\n".utf8))
    exit(2)
}
do {
    for name in ["throughput", "parsing"] where arguments.isEmpty || arguments == [name] { try parts[name]!() }
} catch {
    FileHandle.standardError.write(Data("linkstr-nostr-bench: \(error)\n".utf8))
    exit(1)
}
