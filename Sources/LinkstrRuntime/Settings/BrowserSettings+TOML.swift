import LinkstrHost
import TOMLKit

extension BrowserSettings {
    /// The settings of a `[browser]` table; `fail` makes the error for a bad value.
    init(table: TOMLTable, fail: (String) -> ConfigurationError) throws(ConfigurationError) {
        try self.init(table: table, section: "browser", fail: fail)
        guard let profilesValue = table["profiles"] else { return }
        guard let profilesTable = profilesValue.table else {
            throw fail("'browser.profiles' must be tables such as [browser.profiles.work] with allow = [\"https://example.org:getPublicKey\"]")
        }
        for name in profilesTable.keys {
            guard let profileTable = profilesTable[name]?.table else { throw fail("'browser.profiles.\(name)' must be a table with allow and deny") }
            profiles[name] = try BrowserSettings(table: profileTable, section: "browser.profiles.\(name)", fail: fail)
        }
    }

    /// The `allow` and `deny` of `section` (`profiles` only in `[browser]` itself).
    private init(table: TOMLTable, section: String, fail: (String) -> ConfigurationError) throws(ConfigurationError) {
        self.init()
        let known = section == "browser" ? Self.knownKeys : ["allow", "deny"]
        for key in table.keys {
            guard let value = table[key] else { continue }
            switch key {
            case "allow": allow = try Self.rules(value, "\(section).allow", fail)
            case "deny": deny = try Self.rules(value, "\(section).deny", fail)
            case "profiles" where section == "browser": continue
            default:
                throw fail("unknown setting '\(section).\(key)'; known settings: \(known.joined(separator: ", "))")
            }
        }
    }

    private static func rules(_ value: any TOMLValueConvertible, _ key: String, _ fail: (String) -> ConfigurationError) throws(ConfigurationError) -> [BrowserRule] {
        guard let array = value.array else { throw fail("'\(key)' must be an array of rules such as [\"https://example.org:signEvent:1\"]") }
        var rules: [BrowserRule] = []
        for element in array {
            guard let text = element.string else { throw fail("'\(key)' must contain only strings, found \(element.type)") }
            do {
                rules.append(try BrowserRule(parsing: text))
            } catch {
                throw fail("'\(key)': \(error)")
            }
        }
        return rules
    }
}
