import Foundation
import LinkstrRuntime

/// The child side of `plugins check`: runs each stage on one file and prints one JSON line per step
/// on stdout, flushed before the stage runs, so the parent knows where a crash happened.
struct PluginCheck {
    let host: LinkstrHost
    let path: String

    func runReportingStages() {
        let plugin: LoadedPlugin
        do {
            plugin = try PluginLoader.load(path: path) { stage in emit(Line(stage: stage.rawValue)) }
        } catch {
            emit(Line(stage: error.stage.rawValue, error: error.reason))
            return
        }
        emit(Line(stage: PluginLoadError.Stage.create.rawValue, id: plugin.id))
        let instance: PluginInstance
        do {
            instance = try PluginInstance(descriptor: plugin.descriptor, provider: host.services(for: plugin.id))
        } catch {
            emit(Line(stage: "create", error: error.message))
            return
        }
        for capabilityID in plugin.provides {
            emit(Line(stage: PluginLoadError.Stage.capability.rawValue, capability: capabilityID))
            do {
                _ = try instance.vtable(capabilityID, requiredSize: CapabilityID.requiredVTableSize[capabilityID] ?? 4)
            } catch {
                emit(Line(stage: "capability", error: error.message))
                return
            }
        }
        emit(Line(stage: "destroy"))
        instance.destroy()
        emit(Line(id: plugin.id, version: plugin.version, provides: plugin.provides, passed: true))
    }

    private func emit(_ line: Line) {
        Terminal.printJSON(line)
    }

    /// One line the checking child prints: a stage about to run (`stage`, with the `capability` or
    /// the plugin's `id` it concerns), a failure (`stage`, `error`), or the end (`passed`, `id`,
    /// `version`, `provides`).
    struct Line: Codable {
        var stage: String?
        var capability: String?
        var id: String?
        var version: String?
        var provides: [String]?
        var passed: Bool?
        var error: String?
    }
}
