import ArgumentParser
import LinkstrRuntime

/// `linkstr config`: the effective configuration — files, folders, the plugin search path and every
/// setting with its default filled in (`JSONRecords.EffectiveConfiguration`).
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show the effective configuration.",
        discussion: """
            Example:
              linkstr --home /tmp/alice config --json
            """)

    @OptionGroup var global: GlobalOptions
    @Flag(name: .customLong("show-secrets"), help: "Show passwords, tokens and push URLs as they are written.")
    var showSecrets = false

    func run() throws {
        let app = global.app()
        let (host, settings): (LinkstrHost, RuntimeSettings)
        do throws(LinkstrError) {
            (host, settings) = (try app.host(), try app.settings())
        } catch {
            throw error.failure
        }
        let object = JSONRecords.EffectiveConfiguration(host, settings: settings, showSecrets: showSecrets)
        if global.json {
            Terminal.printJSON(object)
            return
        }
        let configuration = host.configuration
        var text = "config file:   \(host.paths.configFile)\(configuration.sourceFileExists ? "" : " (absent; defaults in use)")\n"
        text += "home:          \(host.paths.home ?? "(XDG folders)")\n"
        text += "data:          \(host.paths.dataDirectory)\n"
        text += "cache:         \(host.paths.cacheDirectory)\n"
        text += "state:         \(host.paths.stateDirectory)\n"
        text += "log level:     \(host.log.threshold)\n"
        text += "storage:       \(configuration.storage ?? "(default: \(JSONRecords.defaultStorage))")\n"
        text += "transport:     \(configuration.transport ?? "(default)")\n"
        text += "media order:   \(configuration.mediaProviders.isEmpty ? "(by priority)" : configuration.mediaProviders.joined(separator: ", "))\n"
        text += "notifiers:     \(configuration.notifiers.map { $0.isEmpty ? "(none)" : $0.joined(separator: ", ") } ?? "(default: desktop notifications when available)")\n"
        text += "yt-dlp:        \(configuration.ytdlp ?? host.setupVirtualEnvironment?.program("yt-dlp").map { "\($0) (the set-up's)" } ?? "(<data>/venv or PATH)")\n"
        text += "relays:        \(configuration.relays.isEmpty ? "(defaults)" : configuration.relays.joined(separator: ", "))\n"
        text += "notify from:   \(object.notifyFrom)\n"
        text += "may sign:      \(object.signerPlugins.isEmpty ? "(no plugin)" : object.signerPlugins.joined(separator: ", "))\n"
        text += "video cache:   \(object.mediaCacheBytes) bytes\n"
        text += "saved links:   \(object.saved.webhook.map { "webhook \($0)" + (object.saved.extraFields ? " (with notes and titles)" : "") } ?? "no webhook")\n"
        let signer = object.signer
        text += "bunker:        \(signer.serve ? "served by linkstr watch" : "not served by linkstr watch")"
            + (signer.allow.map { "; a new client gets \($0.isEmpty ? "nothing" : $0.joined(separator: ", "))" } ?? "; a new client is asked about")
            + (signer.relays.isEmpty ? "" : "; relays \(signer.relays.joined(separator: ", "))") + "\n"
        text += "browser:       \(Self.rules(object.browser))\n"
        for (profile, rules) in (object.browser.profiles ?? [:]).sorted(by: { $0.key < $1.key }) {
            text += "  profile \(profile): \(Self.rules(rules))\n"
        }
        let locking = object.profiles
        text += "auto-lock:     \(locking.autoLockMinutes == 0 ? "never" : "after \(locking.autoLockMinutes) min"); "
            + "kept while locked: \(locking.lockedInboxWraps) messages, \(locking.lockedInboxBytes) bytes\n"
        text += "app:           \(object.app.serve ? "served by linkstr watch" : "served by linkstr app")\(object.app.port == 0 ? "" : " on port \(object.app.port)")\n"
        text += "plugin search path:\n"
        for source in PluginDiscovery(configuration: configuration, paths: host.paths).sources {
            text += "  \(source.path)  [\(source.origin)]\n"
        }
        for (pluginID, settings) in JSONRecords.pluginSettings(configuration, showSecrets: showSecrets).sorted(by: { $0.key < $1.key }) {
            text += "[plugins.\"\(pluginID)\"]\n"
            for (key, value) in settings.sorted(by: { $0.key < $1.key }) {
                text += "  \(key) = \(value)\n"
            }
        }
        Terminal.write(text)
    }

    private static func rules(_ browser: JSONRecords.EffectiveConfiguration.Browser) -> String {
        browser.allow.isEmpty && browser.deny.isEmpty
            ? "every request asked about"
            : "allow \(browser.allow.isEmpty ? "none" : browser.allow.joined(separator: ", ")); deny \(browser.deny.isEmpty ? "none" : browser.deny.joined(separator: ", "))"
    }
}
