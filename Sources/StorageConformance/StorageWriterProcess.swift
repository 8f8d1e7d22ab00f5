import Foundation
import LinkstrHost
import LinkstrPluginKit
import LinkstrProcess
import PluginABI
import PluginTesting

/// Another process that writes batches into the store under test: a program that runs
/// ``StorageConformance/writeBatches(pluginAt:config:owner:prefix:batches:batchSize:)`` —
/// `linkstr-storage-conformance PATH --write-batches …`. Used by the checks of two processes writing at once
/// and of a process killed inside a batch.
///
/// Thread rule: a value type; `start` from any thread.
public struct StorageWriterProcess: Sendable {
    /// The program, and the arguments before the writer's own (`PATH --set …`).
    public let executable: String
    public let arguments: [String]

    public init(executable: String, arguments: [String]) {
        self.executable = executable
        self.arguments = arguments
    }

    /// Starts a writer of `batches` batches of `batchSize` records of `owner`, keys `prefix-b<i>-r<j>`;
    /// it prints `committed <i>` after each batch.
    func start(owner: [UInt8], prefix: String, batches: Int, batchSize: Int) throws -> ChildProcess {
        try ChildProcess(
            executable,
            arguments + [
                "--write-batches", String(batches), "--batch-size", String(batchSize), "--owner",
                owner.map { String(format: "%02x", $0) }.joined(), "--key-prefix", prefix,
            ], updating: ["SWIFT_BACKTRACE": "enable=no"])
    }
}

extension StorageConformance {
    /// The writer's side: opens a new instance of the plugin at `path` with `config`, applies
    /// `batches` batches of `batchSize` records and prints `committed <i>` (flushed) after each.
    ///
    /// - Throws: the plugin's failure.
    public static func writeBatches(
        pluginAt path: String, config: [String: String], owner: [UInt8], prefix: String, batches: Int, batchSize: Int
    ) throws -> Void {
        let plugin = try PluginLoader.load(path: path)
        let instance = try PluginInstance(descriptor: plugin.descriptor, provider: FakeHost(pluginID: plugin.id, config: config))
        defer { instance.destroy() }
        let backend = StorageBackend(try instance.capability(LKH_CAP_STORAGE_V1, as: lkh_storage_v1.self))
        try backend.open()
        for batch in 0..<batches {
            let operations = (0..<batchSize).map { StorageOperation.put(StorageTestRecords.post(owner, "\(prefix)-b\(batch)-r\($0)")) }
            try applyRetryingWhileBusy(backend, operations)
            FileHandle.standardOutput.write(Data("committed \(batch)\n".utf8))
        }
    }
}
