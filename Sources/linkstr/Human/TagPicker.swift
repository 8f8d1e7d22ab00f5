import Glibc
import LinkstrRuntime

/// Offers the best tag suggestions on the controlling terminal and reads the choice: numbers pick
/// suggestions, words are new tags (separated by spaces or commas); Enter picks none.
struct TagPicker {
    var suggestions: [TagScore]
    /// How many suggestions are offered.
    static let offered = 9

    func ask() -> [String] {
        let shown = Array(suggestions.prefix(Self.offered))
        let tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard tty >= 0 else { return [] }
        defer { close(tty) }
        StatusLine.shared.clear()
        var prompt = ""
        if !shown.isEmpty {
            prompt += "tags you used: " + shown.enumerated().map { "\($0.offset + 1) \($0.element.name)" }.joined(separator: "  ") + "\n"
            prompt += "pick numbers or type tags (Enter for none): "
        } else {
            prompt += "tags (Enter for none): "
        }
        _ = prompt.withCString { Glibc.write(tty, $0, strlen($0)) }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while Glibc.read(tty, &byte, 1) == 1, byte != 0x0A { bytes.append(byte) }
        return Self.choice(String(decoding: bytes, as: UTF8.self), from: shown)
    }

    /// The tags an answer names: a number in range is that suggestion, anything else a tag.
    static func choice(_ answer: String, from shown: [TagScore]) -> [String] {
        answer.split { $0 == "," || $0.isWhitespace }.map { word in
            if let number = Int(word), (1...shown.count).contains(number) { return shown[number - 1].name }
            return String(word)
        }
    }
}
