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
            plugin = try PluginLoader.load(path: path) { stage in emit(["stage": stage.rawValue]) }
        } catch {
            emit(["stage": error.stage.rawValue, "error": error.reason])
            return
        }
        emit(["stage": PluginLoadError.Stage.create.rawValue, "id": plugin.id])
        let instance: PluginInstance
        do {
            instance = try PluginInstance(descriptor: plugin.descriptor, provider: host.services(for: plugin.id))
        } catch {
            emit(["stage": "create", "error": error.message])
            return
        }
        for capabilityID in plugin.provides {
            emit(["stage": PluginLoadError.Stage.capability.rawValue, "capability": capabilityID])
            do {
                _ = try instance.vtable(capabilityID, requiredSize: CapabilityID.requiredVTableSize[capabilityID] ?? 4)
            } catch {
                emit(["stage": "capability", "error": error.message])
                return
            }
        }
        emit(["stage": "destroy"])
        instance.destroy()
        emit(["passed": true, "id": plugin.id, "version": plugin.version, "provides": plugin.provides])
    }

    private func emit(_ object: [String: Any]) {
        Terminal.printJSON(object)
    }
}
