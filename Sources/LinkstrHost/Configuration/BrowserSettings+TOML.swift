import TOMLKit

extension BrowserSettings {
    /// The settings of a `[browser]` table; `fail` makes the error for a bad value.
    init(table: TOMLTable, fail: (String) -> ConfigurationError) throws(ConfigurationError) {
        self.init()
        for key in table.keys {
            guard let value = table[key] else { continue }
            switch key {
            case "allow": allow = try Self.rules(value, "browser.allow", fail)
            case "deny": deny = try Self.rules(value, "browser.deny", fail)
            default:
                throw fail("unknown setting 'browser.\(key)'; known settings: \(Self.knownKeys.joined(separator: ", "))")
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
