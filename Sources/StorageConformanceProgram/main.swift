import Foundation
import LinkstrHost
import StorageConformance

// `linkstr-storage-conformance PATH [--set key=value]…`: runs the storage conformance checks on the
// plugin file at PATH and prints the report as one JSON document (exit 0, whether the checks pass or
// not); a plugin that cannot be checked exits 1 with the reason (one sentence) on stderr. With `--write-batches N
// --batch-size S --owner HEX --key-prefix P` it is one of the writer processes of the checks.
//
// A program of its own, beside `linkstr` (whose `plugins conformance` and `plugins validate` run it),
// so that `linkstr` links none of the checks' test doubles; a plugin that crashes takes this process
// down, not linkstr.

var arguments = CommandLine.arguments.dropFirst()
var path: String?
var config: [String: String] = [:]
var writer: [String: String] = [:]
while let argument = arguments.popFirst() {
    switch argument {
    case "--set":
        let setting = arguments.popFirst() ?? ""
        let parts = setting.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        config[String(parts[0])] = parts.count == 2 ? String(parts[1]) : ""
    case "--write-batches", "--batch-size", "--owner", "--key-prefix":
        writer[argument] = arguments.popFirst() ?? ""
    default:
        path = argument
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("\(message)\n".utf8))
    exit(1)
}

guard let path else { fail("usage: linkstr-storage-conformance PATH [--set key=value]…") }
if let batches = writer["--write-batches"].flatMap({ Int($0) }) {
    let hex = Array((writer["--owner"] ?? "").utf8)
    let owner = stride(from: 0, to: hex.count - 1, by: 2).compactMap { UInt8(String(decoding: hex[$0...$0 + 1], as: UTF8.self), radix: 16) }
    do {
        try StorageConformance.writeBatches(
            pluginAt: path, config: config, owner: owner, prefix: writer["--key-prefix"] ?? "w", batches: batches,
            batchSize: writer["--batch-size"].flatMap { Int($0) } ?? 20)
    } catch {
        fail("the writer process failed: \(error)")
    }
    exit(0)
}
let report: StorageConformanceReport
do {
    let program = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    report = try StorageConformance.run(pluginAt: path, config: config, writerExecutable: program)
} catch {
    fail(error.description)
}
let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
do {
    FileHandle.standardOutput.write(try encoder.encode(report) + Data("\n".utf8))
} catch {
    fail("cannot write the report: \(error)")
}
