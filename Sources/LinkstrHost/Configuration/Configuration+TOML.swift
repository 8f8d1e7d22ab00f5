import Foundation
import Glibc
import TOMLKit

extension Configuration {
    /// Reads `path`. A missing file gives the defaults; a file that exists but cannot be read or parsed
    /// is an error naming the line. `appTables` are the top-level tables the program built on the host
    /// reads itself from ``text``: allowed here, any other unknown setting is refused.
    public static func load(path: String, appTables: [String] = []) throws(ConfigurationError) -> Configuration {
        var configuration = Configuration()
        configuration.sourceFile = path
        guard FileSystem.exists(path) else { return configuration }
        configuration.sourceFileExists = true
        try checkOwnerAndMode(path)
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.readBytes(path)
        } catch {
            throw ConfigurationError(path: path, reason: "cannot read the configuration: \(error)")
        }
        let text = try Self.text(of: bytes, path: path)
        try configuration.apply(toml: text, path: path, appTables: appTables)
        try checkSecretsArePrivate(path, text)
        return configuration
    }

    /// Refuses a file that holds a secret (a setting named like one, with a value) and that group or
    /// others can read, as `ssh` refuses a private key others can read.
    private static func checkSecretsArePrivate(_ path: String, _ text: String) throws(ConfigurationError) {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & (S_IRGRP | S_IROTH) != 0, let table = try? TOMLTable(string: text),
            let setting = secretSetting(in: table)
        else { return }
        throw ConfigurationError(
            path: path,
            reason: "the file holds a secret ('\(setting)') and others can read it (mode \(String(info.st_mode & 0o777, radix: 8))); "
                + "run `chmod go-rwx \(path)`")
    }

    /// The dotted name of the first setting in `table` named like a secret with a non-empty value.
    private static func secretSetting(in table: TOMLTable, prefix: String = "") -> String? {
        for key in table.keys.sorted() {
            guard let value = table[key] else { continue }
            if let inner = value.table, let found = secretSetting(in: inner, prefix: prefix + key + ".") { return found }
            if SecretMasking.isSecretName(key), let text = value.string, !text.isEmpty { return prefix + key }
        }
        return nil
    }

    /// The text of a configuration file. A NUL byte or bytes that are not UTF-8 mean a damaged
    /// file (one filled with zeros after a crash, a binary written in its place): the parser would
    /// stop at the NUL and take the defaults for the rest, so it is refused, not read in part.
    private static func text(of bytes: [UInt8], path: String) throws(ConfigurationError) -> String {
        if let offset = bytes.firstIndex(of: 0) {
            throw ConfigurationError(
                path: path, reason: "the file holds a NUL byte (at byte \(offset)) and looks damaged; repair it or move it away to use the defaults")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigurationError(path: path, reason: "the file is not UTF-8 text and looks damaged; repair it or move it away to use the defaults")
        }
        return text
    }

    /// Refuses a file that someone else could have written: it names programs linkstr runs.
    private static func checkOwnerAndMode(_ path: String) throws(ConfigurationError) {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        if info.st_mode & (S_IWGRP | S_IWOTH) != 0 {
            throw ConfigurationError(
                path: path,
                reason: "the file is writable by others (mode \(String(info.st_mode & 0o777, radix: 8))) and names programs linkstr runs; run `chmod go-w \(path)`")
        }
        if info.st_uid != 0 && info.st_uid != geteuid() {
            throw ConfigurationError(
                path: path, reason: "the file belongs to uid \(info.st_uid), neither root nor you, and names programs linkstr runs; use a config.toml of your own")
        }
    }

    /// Parses TOML text into this configuration; the tables named in `appTables` are left to the
    /// program built on the host.
    public mutating func apply(toml text: String, path: String, appTables: [String] = []) throws(ConfigurationError) {
        try Self.checkTableHeaders(text, path: path)
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigurationError(
                path: path, line: error.source.begin.line, column: error.source.begin.column,
                reason: "TOML syntax error: \(error.description)")
        } catch {
            throw ConfigurationError(path: path, reason: "TOML syntax error: \(error)")
        }
        self.text = text
        func fail(_ reason: String) -> ConfigurationError {
            ConfigurationError(path: path, reason: reason)
        }
        for key in table.keys {
            guard let value = table[key] else { continue }
            switch key {
            case "storage": storage = try string(value, key, fail)
            case "transport": transport = try string(value, key, fail)
            case "log_level":
                let level = try string(value, key, fail)
                guard HostLog.level(named: level) != nil else {
                    throw fail("'log_level' is '\(level)'; use one of \(HostLog.levelNames.joined(separator: ", "))")
                }
                logLevel = level
            case "ytdlp": ytdlp = try string(value, key, fail)
            case "media_providers": mediaProviders = try strings(value, key, fail)
            case "notifiers": notifiers = try strings(value, key, fail)
            case "notify":
                guard let notifyTable = value.table else { throw fail("'notify' must be a table, like [notify] from = \"contacts\"") }
                for setting in notifyTable.keys {
                    guard setting == "from" else { throw fail("unknown setting 'notify.\(setting)'; the [notify] table knows only 'from'") }
                    let name = try string(notifyTable[setting]!, "notify.from", fail)
                    guard let senders = NotificationSenders(rawValue: name) else { throw fail(NotificationSenders.refusal(of: name)) }
                    notifyFrom = senders
                }
            case "plugin_paths": pluginPaths = try strings(value, key, fail)
            case "signer_plugins": signerPlugins = try strings(value, key, fail)
            case "relays":
                relays = try strings(value, key, fail)
                for relay in relays where RelayURL.normalize(relay) == nil {
                    throw fail("'relays' has '\(relay)', which is not a relay address; use ws:// or wss:// URLs such as wss://relay.example.com")
                }
            case "media_cache_bytes":
                guard let bytes = value.int, bytes > 0 else {
                    throw fail("'media_cache_bytes' must be a positive integer (bytes), e.g. 1073741824 for 1 GiB")
                }
                mediaCacheBytes = Int64(bytes)
            case "providers":
                guard let providersTable = value.table else { throw fail("'providers' must be a table of capability id = plugin id") }
                for capability in providersTable.keys {
                    guard Self.isCapabilityID(capability) else {
                        throw fail("'providers' has the key '\(capability)', which is not a capability id; use ids such as \"\(CapabilityID.storage)\"")
                    }
                    providers[capability] = try string(providersTable[capability]!, "providers.\"\(capability)\"", fail)
                }
            case "plugins":
                guard let pluginsTable = value.table else { throw fail("'plugins' must be a table of [plugins.\"<plugin id>\"] sections") }
                for pluginID in pluginsTable.keys {
                    guard let settings = pluginsTable[pluginID]?.table else {
                        throw fail("'plugins.\"\(pluginID)\"' must be a table of settings")
                    }
                    var values: [String: String] = [:]
                    for setting in settings.keys {
                        values[setting] = Self.text(settings[setting]!)
                    }
                    pluginSettings[pluginID] = values
                }
            case _ where appTables.contains(key): continue
            default:
                throw fail("unknown setting '\(key)'; known settings: \((Self.knownKeys + appTables).joined(separator: ", "))")
            }
        }
    }

    /// toml++ (inside TOMLKit 0.6) stops the program — a failed assertion, or undefined behaviour
    /// where assertions are off — on a table header whose name starts with a character no key
    /// starts with (`[=]`, `[,]`, `[#]`), on a date-time value whose time does not start with a
    /// digit (`1979-05-27Tx7:32:00`), and on a `}` where an array expects a value (`a = [1, }`).
    /// All are refused here first, with their line (also after a byte-order mark). A header is a line that starts with `[` outside
    /// a value (a multi-line array or string).
    private static func checkTableHeaders(_ text: String, path: String) throws(ConfigurationError) {
        var open: [UInt8] = []  // the `[` and `{` of a value not closed yet
        var openString: UInt8?  // the quote of a multi-line string that goes on
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            let bytes = Array(line)
            // toml++ skips a byte-order mark at the start of the file, so the first line starts after it.
            var position = index == 0 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            if let quote = openString {
                guard let end = stringEnd(bytes, quote, from: 0, triple: true) else { continue }
                openString = nil
                position = end
            } else if open.isEmpty {
                while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
                if position < bytes.count, bytes[position] == UInt8(ascii: "[") {
                    var name = position + 1
                    if name < bytes.count, bytes[name] == UInt8(ascii: "[") { name += 1 }
                    while name < bytes.count, bytes[name] == 0x20 || bytes[name] == 0x09 { name += 1 }
                    guard name < bytes.count, isTableNameStart(bytes[name]) else {
                        throw ConfigurationError(
                            path: path, line: index + 1, column: name + 1, reason: "TOML syntax error: a table header must start with a name, as in [name]")
                    }
                    var rest = name
                    while rest < bytes.count, bytes[rest] != UInt8(ascii: "#") {
                        if bytes[rest] == UInt8(ascii: "\"") || bytes[rest] == UInt8(ascii: "'") {
                            rest = stringEnd(bytes, bytes[rest], from: rest + 1, triple: false) ?? bytes.count
                            continue
                        }
                        try checkWhitespace(bytes, at: rest, line: index + 1, path: path)
                        rest += 1
                    }
                    continue
                }
            }
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                switch byte {
                case UInt8(ascii: "#"): position = bytes.count
                // A value starts after `=`, and after `[` or `,` in an array (in an inline table a
                // key does, and a bare key may look like a date).
                case UInt8(ascii: "="):
                    try checkDateTime(bytes, from: position, line: index + 1, path: path)
                case UInt8(ascii: ","):
                    if open.last == UInt8(ascii: "[") { try checkDateTime(bytes, from: position, line: index + 1, path: path) }
                case UInt8(ascii: "["):
                    open.append(byte)
                    try checkDateTime(bytes, from: position, line: index + 1, path: path)
                case UInt8(ascii: "{"): open.append(byte)
                case UInt8(ascii: "}") where open.last == UInt8(ascii: "["):
                    throw ConfigurationError(
                        path: path, line: index + 1, column: position,
                        reason: "TOML syntax error: '}' inside an array, where a value or the closing ']' should be")
                case UInt8(ascii: "]"), UInt8(ascii: "}"): _ = open.popLast()
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    if position + 1 < bytes.count, bytes[position] == byte, bytes[position + 1] == byte {
                        guard let end = stringEnd(bytes, byte, from: position + 2, triple: true) else {
                            openString = byte
                            position = bytes.count
                            break
                        }
                        position = end
                    } else {
                        position = stringEnd(bytes, byte, from: position, triple: false) ?? bytes.count
                    }
                default:
                    try checkWhitespace(bytes, at: position - 1, line: index + 1, path: path)
                }
            }
        }
    }

    /// Refuses a value at `start` (after blanks) that is a date, `T`, `t` or a space, and then no
    /// digit: toml++ asserts on it instead of reporting it.
    private static func checkDateTime(_ bytes: [UInt8], from start: Int, line: Int, path: String) throws(ConfigurationError) {
        var position = start
        while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
        try checkDateWithALoneDigit(bytes, from: position, line: line, path: path)
        let isDigit = { (offset: Int) in position + offset < bytes.count && (0x30...0x39).contains(bytes[position + offset]) }
        let isDate = [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy(isDigit)
            && bytes[position + 4] == UInt8(ascii: "-") && bytes[position + 7] == UInt8(ascii: "-")
        guard isDate, position + 10 < bytes.count, [UInt8(ascii: "T"), UInt8(ascii: "t"), 0x20].contains(bytes[position + 10]) else { return }
        // A date followed by a space and a comment or nothing is a whole date.
        if bytes[position + 10] == 0x20, position + 11 >= bytes.count || !(0x30...0x39).contains(bytes[position + 11]) { return }
        guard !isDigit(11) else { return }
        throw ConfigurationError(
            path: path, line: line, column: position + 12, reason: "TOML syntax error: a date-time needs a time after the date, as in 1979-05-27T07:32:00")
    }

    /// toml++ takes a value of ten characters (underscores not counted) with `-` as the fifth and
    /// eighth, then a space and a digit, for a date-time with a space instead of `T`, and asserts
    /// when the value ends right after that digit (`1979-05-27 7`, `1978-05-2x 7`). No such value
    /// is valid TOML, so it is refused, whatever the ten characters are.
    private static func checkDateWithALoneDigit(_ bytes: [UInt8], from start: Int, line: Int, path: String) throws(ConfigurationError) {
        let isTerminator = { (scalar: Unicode.Scalar) in isTOMLWhitespace(scalar) || "]},#".unicodeScalars.contains(scalar) }
        let isDigit = { (scalar: Unicode.Scalar) in ("0"..."9").contains(scalar) }
        var scalars = String(decoding: bytes[start...], as: UTF8.self).unicodeScalars.makeIterator()
        var characters: [Unicode.Scalar] = []
        while let scalar = scalars.next(), characters.count <= 10 {
            if scalar == "_" { continue }
            guard isTerminator(scalar) else {
                characters.append(scalar)
                continue
            }
            guard characters.count == 10, isDigit(characters[0]) || characters[0] == "+" || characters[0] == "-",
                characters[4] == "-", characters[7] == "-", scalar == " ", let digit = scalars.next(), isDigit(digit)
            else { return }
            if let next = scalars.next(), !isTerminator(next) { return }
            throw ConfigurationError(
                path: path, line: line, column: start + 1, reason: "TOML syntax error: a date-time needs a whole time after the date, as in 1979-05-27 07:32:00")
        }
    }

    /// Refuses, outside strings and comments, the whitespace toml++ knows and TOML does not —
    /// vertical tab, form feed, and the non-ASCII spaces and line separators —: toml++ skips some of
    /// it and asserts on the rest (U+0085 where an array expects a value).
    private static func checkWhitespace(_ bytes: [UInt8], at index: Int, line: Int, path: String) throws(ConfigurationError) {
        let byte = bytes[index]
        let scalar: Unicode.Scalar
        if byte == 0x0B || byte == 0x0C {
            scalar = Unicode.Scalar(byte)
        } else if byte >= 0xC2 {
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            guard index + length <= bytes.count,
                let decoded = String(decoding: bytes[index..<index + length], as: UTF8.self).unicodeScalars.first, decoded.value > 0x7F
            else { return }
            scalar = decoded
        } else {
            return
        }
        guard isTOMLWhitespace(scalar) else { return }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let name = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        throw ConfigurationError(
            path: path, line: line, column: index + 1, reason: "TOML syntax error: \(name) is not whitespace in TOML (only spaces and tabs are); remove it")
    }

    /// What toml++ counts as whitespace where a value ends: more than Unicode's White_Space
    /// (U+180E, U+200B, U+2060 and U+FEFF too).
    private static func isTOMLWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x180E, 0x2000...0x200B, 0x2028, 0x2029, 0x202F, 0x205F, 0x2060, 0x3000, 0xFEFF: true
        default: false
        }
    }

    /// A bare key's first character, a quote, or the `]` of an empty header (which toml++ reports).
    private static func isTableNameStart(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "]"): true
        default: false
        }
    }

    /// The index after the quote (three quotes when `triple`) that ends a string, searching from
    /// `start`; nil when the line ends first. In basic strings (`"`) a backslash escapes.
    private static func stringEnd(_ bytes: [UInt8], _ quote: UInt8, from start: Int, triple: Bool) -> Int? {
        var position = start
        while position < bytes.count {
            if quote == UInt8(ascii: "\""), bytes[position] == UInt8(ascii: "\\") {
                position += 2
                continue
            }
            if bytes[position] == quote {
                if !triple { return position + 1 }
                if position + 2 < bytes.count, bytes[position + 1] == quote, bytes[position + 2] == quote { return position + 3 }
            }
            position += 1
        }
        return nil
    }

    /// `<family>/<major>`, as `org.linkstr.storage/1`.
    static func isCapabilityID(_ text: String) -> Bool {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty && parts[1].allSatisfy(\.isASCII) && parts[1].allSatisfy(\.isNumber)
    }

    private func string(_ value: any TOMLValueConvertible, _ key: String, _ fail: (String) -> ConfigurationError) throws(ConfigurationError) -> String {
        guard let string = value.string else { throw fail("'\(key)' must be a string, not \(value.type)") }
        return string
    }

    private func strings(_ value: any TOMLValueConvertible, _ key: String, _ fail: (String) -> ConfigurationError) throws(ConfigurationError) -> [String] {
        guard let array = value.array else { throw fail("'\(key)' must be an array of strings, not \(value.type)") }
        var result: [String] = []
        for element in array {
            guard let string = element.string else { throw fail("'\(key)' must contain only strings, found \(element.type)") }
            result.append(string)
        }
        return result
    }

    /// A plugin setting as text: strings verbatim, numbers and booleans in TOML spelling, arrays and
    /// tables as JSON.
    private static func text(_ value: any TOMLValueConvertible) -> String {
        if let string = value.string { return string }
        if let bool = value.bool { return bool ? "true" : "false" }
        if let int = value.int { return String(int) }
        if let double = value.double { return String(double) }
        // A date or a time: JSONSerialization stops the program on a top-level value that is neither
        // an array nor an object.
        guard value.array != nil || value.table != nil else { return String(describing: value) }
        let json = try? JSONSerialization.data(withJSONObject: jsonObject(value), options: [.sortedKeys, .withoutEscapingSlashes])
        return json.map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    private static func jsonObject(_ value: any TOMLValueConvertible) -> Any {
        if let string = value.string { return string }
        if let bool = value.bool { return bool }
        if let int = value.int { return int }
        if let double = value.double { return double }
        if let array = value.array { return array.map { jsonObject($0) } }
        if let table = value.table {
            var object: [String: Any] = [:]
            for key in table.keys { object[key] = jsonObject(table[key]!) }
            return object
        }
        return String(describing: value)
    }
}
