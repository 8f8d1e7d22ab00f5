import Glibc

/// A yes/no question on the controlling terminal (stdin may be a file or a pipe).
enum Confirmation {
    /// The answer, or nil when there is no terminal to ask on. Only `y` or `yes` is a yes; no
    /// answer within `timeout` (when given) is a no.
    static func ask(_ question: String, timeout: Duration? = nil) -> Bool? {
        guard let answer = line(question + " [y/N] ", timeout: timeout) else { return nil }
        let word = answer.lowercased()
        return word == "y" || word == "yes"
    }

    /// One line typed on the terminal after `prompt`, trimmed, or nil when there is no terminal.
    /// When `timeout` passes first, the terminal is told so and the answer is empty.
    static func line(_ prompt: String, timeout: Duration? = nil) -> String? {
        let tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard tty >= 0 else { return nil }
        defer { close(tty) }
        StatusLine.shared.clear()
        write(prompt, to: tty)
        let deadline = timeout.map { ContinuousClock.now + $0 }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            if let deadline {
                let left = deadline - ContinuousClock.now
                var ready = pollfd(fd: tty, events: Int16(POLLIN), revents: 0)
                let milliseconds = Int32(clamping: max(0, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
                if poll(&ready, 1, milliseconds) == 0 {
                    write("\n(no answer within \(timeout!.components.seconds) s: no)\n", to: tty)
                    return ""
                }
            }
            guard Glibc.read(tty, &byte, 1) == 1, byte != 0x0A else { break }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)
    }

    private static func write(_ text: String, to tty: Int32) {
        _ = text.withCString { Glibc.write(tty, $0, strlen($0)) }
    }
}
