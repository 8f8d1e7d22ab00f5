import LinkstrRuntime

/// The child side of `plugins validate`: runs ``PluginFileValidation`` on one file and prints each
/// of its lines as JSON on stdout, the line naming a call before the call runs, so that the parent
/// can name the call in which the process crashed or hung.
struct PluginValidation {
    let path: String
    /// The plugin's settings (`--set`).
    let settings: [String: String]
    /// The deadline of one asynchronous call, in seconds.
    let callTimeoutSeconds: Double
    /// The ordinary link a media provider gets.
    let url: String

    func run(home: LinkstrHost) {
        PluginFileValidation(
            path: path, settings: settings, callTimeoutSeconds: callTimeoutSeconds, url: url,
            storageConformance: { (path, settings) throws(LinkstrError) -> [PluginFileValidation.ConformanceCheck] in
                do throws(CLIFailure) {
                    return try StorageConformanceProgram.run(path, config: settings).checks
                } catch {
                    throw LinkstrError(.failed, error.message)
                }
            },
            report: { line in Terminal.printJSON(line) }
        ).run(home: home)
    }
}
