import Foundation
import LinkstrHost
import TOMLKit

extension SavedLinksSettings {
    /// The settings of a `[saved]` table; `fail` makes the error for a bad value.
    init(table: TOMLTable, fail: (String) -> ConfigurationError) throws(ConfigurationError) {
        self.init()
        for key in table.keys {
            guard let value = table[key] else { continue }
            switch key {
            case "webhook":
                guard let text = value.string, let url = URLComponents(string: text), ["http", "https"].contains(url.scheme?.lowercased()),
                    url.host?.isEmpty == false
                else { throw fail("'saved.webhook' must be an http:// or https:// URL, such as \"https://hooks.example.com/linkstr\"") }
                webhook = text
            case "token":
                guard let text = value.string, !text.isEmpty else { throw fail("'saved.token' must be a non-empty string") }
                token = text
            case "secret":
                guard let text = value.string, !text.isEmpty else { throw fail("'saved.secret' must be a non-empty string") }
                secret = text
            case "extra_fields":
                guard let flag = value.bool else { throw fail("'saved.extra_fields' must be true or false") }
                extraFields = flag
            default:
                throw fail("unknown setting 'saved.\(key)'; known settings: \(Self.knownKeys.joined(separator: ", "))")
            }
        }
    }
}
