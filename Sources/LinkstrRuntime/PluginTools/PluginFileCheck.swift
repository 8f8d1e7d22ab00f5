import LinkstrHost

/// The stages of `plugins check` on one plugin file, run in the process that may crash in them:
/// loads the file (each stage of the loader), creates an instance with the host's services, asks
/// for each capability's table and destroys the instance. Each step is reported before it runs, so
/// that the caller can print it first and whoever watches the process knows where it crashed.
public struct PluginFileCheck {
    let host: LinkstrHost
    let path: String

    public init(host: LinkstrHost, path: String) {
        self.host = host
        self.path = path
    }

    public func run(reporting report: (Step) -> Void) {
        let plugin: LoadedPlugin
        do {
            plugin = try PluginLoader.load(path: path) { stage in report(Step(stage: stage.rawValue)) }
        } catch {
            report(Step(stage: error.stage.rawValue, error: error.reason))
            return
        }
        report(Step(stage: PluginLoadError.Stage.create.rawValue, id: plugin.id))
        let instance: PluginInstance
        do {
            instance = try PluginInstance(descriptor: plugin.descriptor, provider: host.services(for: plugin.id))
        } catch {
            report(Step(stage: "create", error: error.message))
            return
        }
        for capabilityID in plugin.provides {
            report(Step(stage: PluginLoadError.Stage.capability.rawValue, capability: capabilityID))
            do {
                _ = try instance.vtable(capabilityID, requiredSize: CapabilityID.requiredVTableSize[capabilityID] ?? 4)
            } catch {
                report(Step(stage: "capability", error: error.message))
                return
            }
        }
        report(Step(stage: "destroy"))
        instance.destroy()
        report(Step(id: plugin.id, version: plugin.version, provides: plugin.provides, passed: true))
    }

    /// One step: a stage about to run (`stage`, with the `capability` or the plugin's `id` it
    /// concerns), a failure (`stage`, `error`), or the end (`passed`, `id`, `version`, `provides`).
    public struct Step: Codable, Sendable {
        public var stage: String?
        public var capability: String?
        public var id: String?
        public var version: String?
        public var provides: [String]?
        public var passed: Bool?
        public var error: String?

        init(
            stage: String? = nil, capability: String? = nil, id: String? = nil, version: String? = nil, provides: [String]? = nil,
            passed: Bool? = nil, error: String? = nil
        ) {
            self.stage = stage
            self.capability = capability
            self.id = id
            self.version = version
            self.provides = provides
            self.passed = passed
            self.error = error
        }
    }
}
