import LinkstrHost
import TOMLKit

extension RuntimeSettings {
    /// Reads `path` as the host does (its checks and its settings) and then the runtime's tables of it.
    public static func load(path: String) throws(ConfigurationError) -> (configuration: Configuration, settings: RuntimeSettings) {
        let configuration = try Configuration.load(path: path, appTables: tables)
        return (configuration, try RuntimeSettings(configuration))
    }

    /// The runtime's tables of the file `configuration` was read from (its ``Configuration/text``,
    /// which the host has checked whole).
    public init(_ configuration: Configuration) throws(ConfigurationError) {
        self.init()
        let path = configuration.sourceFile ?? ""
        func fail(_ reason: String) -> ConfigurationError {
            ConfigurationError(path: path, reason: reason)
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: configuration.text)
        } catch {
            throw fail("TOML syntax error: \(error)")
        }
        for key in table.keys {
            guard let value = table[key] else { continue }
            guard let section = value.table else {
                // The host's settings are the host's to check.
                guard let example = Self.tableExamples.first(where: { $0.name == key })?.example else { continue }
                throw fail("'\(key)' must be a table: \(example)")
            }
            switch key {
            case "saved": savedLinks = try SavedLinksSettings(table: section, fail: fail)
            case "signer": bunker = try BunkerSettings(table: section, fail: fail)
            case "browser": browser = try BrowserSettings(table: section, fail: fail)
            case "profiles": profiles = try ProfileSettings(table: section, fail: fail)
            case "app": app = try AppSettings(table: section, fail: fail)
            default: continue  // the host's settings, read by the host
            }
        }
    }
}
