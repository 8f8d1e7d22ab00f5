import LinkstrHost
import TOMLKit

extension AppSettings {
    /// The settings of an `[app]` table; `fail` makes the error for a bad value.
    init(table: TOMLTable, fail: (String) -> ConfigurationError) throws(ConfigurationError) {
        self.init()
        for key in table.keys {
            guard let value = table[key] else { continue }
            switch key {
            case "serve":
                guard let flag = value.bool else { throw fail("'app.serve' must be true or false") }
                serve = flag
            case "port":
                guard let number = value.int, (1...65_535).contains(number) else { throw fail("'app.port' must be a port from 1 to 65535") }
                port = number
            default:
                throw fail("unknown setting 'app.\(key)'; known settings: \(Self.knownKeys.joined(separator: ", "))")
            }
        }
    }
}
