import LinkstrHost
import TOMLKit

extension BunkerSettings {
    /// The settings of a `[signer]` table; `fail` makes the error for a bad value.
    init(table: TOMLTable, fail: (String) -> ConfigurationError) throws(ConfigurationError) {
        self.init()
        for key in table.keys {
            guard let value = table[key] else { continue }
            switch key {
            case "serve":
                guard let flag = value.bool else { throw fail("'signer.serve' must be true or false") }
                serve = flag
            case "allow":
                let entries = try Self.strings(value, "'signer.allow' must be an array of strings, such as [\"sign_event:1\", \"nip44_encrypt\"]", fail)
                let (permissions, unknown) = BunkerPermission.list(entries.joined(separator: ","))
                if let entry = unknown.first { throw fail("'signer.allow' has '\(entry)', which is not a permission; \(BunkerPermission.shape)") }
                allow = permissions
            case "secret":
                guard let text = value.string, !text.isEmpty else { throw fail("'signer.secret' must be a non-empty string") }
                // Whoever has it connects as a client: at least 128 bits, as 32 hex digits carry.
                guard text.count >= Self.minimumSecretLength else {
                    throw fail("'signer.secret' is \(text.count) characters; use at least \(Self.minimumSecretLength) random ones (`openssl rand -hex 16`)")
                }
                secret = text
            case "relays":
                let entries = try Self.strings(value, "'signer.relays' must be an array of relay URLs, such as [\"wss://relay.example.com\"]", fail)
                relays = []
                for entry in entries {
                    guard let url = RelayURL.normalize(entry) else {
                        throw fail("'signer.relays' has '\(entry)', which is not a relay address; use ws:// or wss:// URLs")
                    }
                    relays.append(url)
                }
            default:
                throw fail("unknown setting 'signer.\(key)'; known settings: \(Self.knownKeys.joined(separator: ", "))")
            }
        }
    }

    /// The shortest `[signer] secret` accepted: 32 hex digits are 128 bits.
    static let minimumSecretLength = 32

    /// The strings of an array value; `wrong` is the error for anything else.
    private static func strings(
        _ value: any TOMLValueConvertible, _ wrong: String, _ fail: (String) -> ConfigurationError
    ) throws(ConfigurationError) -> [String] {
        guard let array = value.array else { throw fail(wrong) }
        var strings: [String] = []
        for element in array {
            guard let string = element.string else { throw fail(wrong) }
            strings.append(string)
        }
        return strings
    }
}
