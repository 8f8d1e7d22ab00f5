import Glibc

/// A yes/no question on the controlling terminal (stdin may be a file or a pipe).
enum Confirmation {
    /// The answer, or nil when there is no terminal to ask on. Only `y` or `yes` is a yes.
    static func ask(_ question: String) -> Bool? {
        guard let answer = line(question + " [y/N] ") else { return nil }
        let word = answer.lowercased()
        return word == "y" || word == "yes"
    }

    /// One line typed on the terminal after `prompt`, trimmed, or nil when there is no terminal.
    static func line(_ prompt: String) -> String? {
        let tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard tty >= 0 else { return nil }
        defer { close(tty) }
        StatusLine.shared.clear()
        _ = prompt.withCString { Glibc.write(tty, $0, strlen($0)) }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while Glibc.read(tty, &byte, 1) == 1, byte != 0x0A { bytes.append(byte) }
        return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)
    }
}
