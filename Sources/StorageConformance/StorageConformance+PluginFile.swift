import Foundation
import LinkstrHost
import LinkstrPluginKit
import PluginABI
import PluginTesting

extension StorageConformance {
    /// Loads the plugin file at `path` through the real loader and runs every check on a new instance
    /// of it, each served by a `FakeHost` whose configuration is `config` plus, unless `config` says
    /// otherwise, `path` (a file in a new private folder) and `host.data_dir` (that folder). The
    /// folders are removed afterwards.
    ///
    /// - Parameter writerExecutable: a `linkstr-storage-conformance` program, which runs the checks'
    ///   writer processes (`PATH --set … --write-batches …`); nil fails the checks of processes.
    /// - Throws: `PluginLoadError` when the file cannot be loaded or provides no storage capability.
    public static func run(
        pluginAt path: String, config: [String: String] = [:], writerExecutable: String? = nil
    ) throws(PluginLoadError) -> StorageConformanceReport {
        let plugin = try PluginLoader.load(path: path)
        guard plugin.provides.contains(LKH_CAP_STORAGE_V1) else {
            throw PluginLoadError(
                path: path, pluginID: plugin.id, stage: .capability,
                reason: "it does not provide \(LKH_CAP_STORAGE_V1) (it provides \(plugin.provides.joined(separator: ", "))); the conformance checks are for storage plugins")
        }
        let outcomes = checks.map { check in run(check, on: plugin, config: config, writerExecutable: writerExecutable) }
        return StorageConformanceReport(pluginID: plugin.id, path: path, outcomes: outcomes)
    }

    private static func run(
        _ check: StorageConformanceCheck, on plugin: LoadedPlugin, config: [String: String], writerExecutable: String?
    ) -> StorageConformanceReport.Outcome {
        let failed = { (failure: String) in StorageConformanceReport.Outcome(check: check.name, failures: [failure]) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkstr-conformance-\(UUID().uuidString.prefix(8))").path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            return failed("cannot create a scratch folder \(folder): \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let settings = ["path": folder + "/store", "host.data_dir": folder].merging(config) { _, given in given }
        let opener = StorageOpener { () throws(PluginError) in try open(plugin, settings: settings) }
        let writer = writerExecutable.map { executable in
            StorageWriterProcess(
                executable: executable,
                arguments: [plugin.path] + settings.sorted { $0.key < $1.key }.flatMap { ["--set", "\($0.key)=\($0.value)"] })
        }
        do throws(PluginError) {
            let store = try opener.open()
            defer { store.close() }
            return StorageConformanceReport.Outcome(
                check: check.name, failures: check.run(on: store.backend, opener: opener, writer: writer), skipped: check.skipReason(on: store.backend))
        } catch {
            return failed("cannot open a store to check: \(error.message)")
        }
    }

    /// A new instance of `plugin` with `settings`, opened.
    private static func open(_ plugin: LoadedPlugin, settings: [String: String]) throws(PluginError) -> StorageOpener.Opened {
        let instance = try PluginInstance(descriptor: plugin.descriptor, provider: FakeHost(pluginID: plugin.id, config: settings))
        do throws(PluginError) {
            let backend = StorageBackend(try instance.capability(LKH_CAP_STORAGE_V1, as: lkh_storage_v1.self))
            try backend.open()
            return StorageOpener.Opened(backend: backend, close: { instance.destroy() })
        } catch {
            instance.destroy()
            throw error
        }
    }
}
