import ArgumentParser
import Foundation
import LinkstrHost
import PluginTesting

/// `linkstr plugins conformance PATH`: runs the storage conformance checks — the ones this package's
/// storage plugins pass — against one storage plugin file.
struct PluginsConformanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conformance",
        abstract: "Check that a storage plugin file keeps the storage contract.",
        discussion: """
            Runs every storage conformance check (ordering, transactions, parent deletes, queries, error
            codes, …) on new instances of the plugin, each with a private scratch folder: the plugin's
            configuration has `path` (a file in that folder) and `host.data_dir`, plus what --set gives.
            The plugin runs in this process: check a new plugin with `linkstr plugins check` first.
            Exit status 0 when every check passes, 1 when one fails (each failing check is named),
            2 when there is no file at PATH.

            Example:
              linkstr plugins conformance ./liblinkstr-plugin-c-memory.so
              linkstr plugins conformance ./liblinkstr-plugin-postgresql.so --set url=postgresql:///linkstr_test
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The storage plugin file (.so).")
    var path: String

    @Option(name: .customLong("set"), help: ArgumentHelp("A configuration value for the plugin.", valueName: "key=value"))
    var settings: [String] = []

    @Option(name: .customLong("write-batches"), help: .hidden)
    var writeBatches: Int?
    @Option(name: .customLong("batch-size"), help: .hidden)
    var batchSize = 20
    @Option(name: .customLong("owner"), help: .hidden)
    var ownerHex = ""
    @Option(name: .customLong("key-prefix"), help: .hidden)
    var keyPrefix = "w"

    func run() throws {
        try PluginFileArguments.requireFile(path, what: "a storage plugin")
        let config = try PluginFileArguments.settings(settings)
        if let writeBatches {
            // A writer process of the checks of processes.
            let owner = stride(from: 0, to: ownerHex.count - 1, by: 2).compactMap { offset -> UInt8? in
                let start = ownerHex.index(ownerHex.startIndex, offsetBy: offset)
                return UInt8(ownerHex[start..<ownerHex.index(start, offsetBy: 2)], radix: 16)
            }
            do {
                try StorageConformance.writeBatches(pluginAt: path, config: config, owner: owner, prefix: keyPrefix, batches: writeBatches, batchSize: batchSize)
            } catch {
                throw CLIFailure(.failed, "the writer process failed: \(error)")
            }
            return
        }
        let report: StorageConformanceReport
        do {
            report = try StorageConformance.run(
                pluginAt: path, config: config, writerExecutable: RunningExecutable.current)
        } catch {
            throw CLIFailure(.failed, error.description)
        }
        if global.json {
            Terminal.printJSON(Self.json(report))
        } else {
            Terminal.write(Self.humanText(report))
        }
        guard report.passed else {
            let failed = report.failedChecks
            throw CLIFailure(
                .failed, "\(report.pluginID) failed \(failed.count) of \(report.outcomes.count) conformance checks: \(failed.joined(separator: "; "))")
        }
    }

    static func json(_ report: StorageConformanceReport) -> [String: Any] {
        [
            "id": report.pluginID, "path": report.path, "passed": report.passed,
            "checks": report.outcomes.map { outcome in
                var object: [String: Any] = ["name": outcome.check, "passed": outcome.passed, "failures": outcome.failures]
                object["skipped"] = outcome.skipped
                return object
            },
        ]
    }

    static func humanText(_ report: StorageConformanceReport) -> String {
        var text = ""
        for outcome in report.outcomes {
            text += "\(outcome.passed ? (outcome.skipped == nil ? "ok  " : "skip") : "FAIL") \(outcome.check)"
            text += outcome.skipped.map { " (\($0))\n" } ?? "\n"
            for failure in outcome.failures { text += "       \(failure)\n" }
        }
        let passed = report.outcomes.filter(\.passed).count
        let skipped = report.outcomes.filter { $0.skipped != nil }.count
        text += "\(report.pluginID): \(passed) of \(report.outcomes.count) checks passed\(skipped > 0 ? " (\(skipped) skipped)" : "")\n"
        return text
    }
}
