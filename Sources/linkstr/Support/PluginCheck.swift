import LinkstrRuntime

/// The child side of `plugins check`: runs the stages of ``PluginFileCheck`` on one file and prints
/// one JSON line per step on stdout, flushed before the stage runs, so the parent knows where a
/// crash happened.
struct PluginCheck {
    let host: LinkstrHost
    let path: String

    func runReportingStages() {
        PluginFileCheck(host: host, path: path).run { step in Terminal.printJSON(step) }
    }
}
