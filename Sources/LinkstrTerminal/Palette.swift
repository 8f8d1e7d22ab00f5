/// The Tokyo Night colours (https://github.com/folke/tokyonight.nvim, "night") as 24-bit ANSI
/// foreground colours — the scheme of the linkstr iPhone app.
public enum Palette {
    public struct Color: Equatable, Sendable {
        public let red: UInt8, green: UInt8, blue: UInt8

        public var foreground: String { "\u{1B}[38;2;\(red);\(green);\(blue)m" }
    }

    public static let foreground = Color(red: 0xC0, green: 0xCA, blue: 0xF5)
    public static let foregroundDark = Color(red: 0xA9, green: 0xB1, blue: 0xD6)
    public static let comment = Color(red: 0x56, green: 0x5F, blue: 0x89)
    public static let dark5 = Color(red: 0x73, green: 0x7A, blue: 0xA2)
    public static let blue = Color(red: 0x7A, green: 0xA2, blue: 0xF7)
    public static let cyan = Color(red: 0x7D, green: 0xCF, blue: 0xFF)
    public static let magenta = Color(red: 0xBB, green: 0x9A, blue: 0xF7)
    public static let orange = Color(red: 0xFF, green: 0x9E, blue: 0x64)
    public static let yellow = Color(red: 0xE0, green: 0xAF, blue: 0x68)
    public static let green = Color(red: 0x9E, green: 0xCE, blue: 0x6A)
    public static let teal = Color(red: 0x73, green: 0xDA, blue: 0xCA)
    public static let red = Color(red: 0xF7, green: 0x76, blue: 0x8E)

    /// The colours people's names get (by key, so a person keeps one colour everywhere).
    public static let people: [Color] = [blue, magenta, cyan, green, orange, yellow, teal, red]
}

/// Paints text when colour is on; returns it unchanged when it is off.
public struct Style: Sendable {
    public let colored: Bool

    public static let plain = Style(colored: false)

    public init(colored: Bool) {
        self.colored = colored
    }

    public func paint(_ text: String, _ color: Palette.Color? = nil, bold: Bool = false, underline: Bool = false) -> String {
        guard colored, !text.isEmpty, color != nil || bold || underline else { return text }
        var start = ""
        if bold { start += "\u{1B}[1m" }
        if underline { start += "\u{1B}[4m" }
        if let color { start += color.foreground }
        return start + text + "\u{1B}[0m"
    }

    /// A person's name in their colour.
    public func person(_ name: String, key: [UInt8], bold: Bool = true) -> String {
        let index = key.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFF } % Palette.people.count
        return paint(name, Palette.people[index], bold: bold)
    }
}
