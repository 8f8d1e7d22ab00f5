import Foundation
import Glibc

/// The desktop clipboard: `wl-copy` under Wayland, `xclip` under X, else the terminal's OSC 52
/// sequence (which asks the terminal emulator to set its clipboard, also over SSH).
enum Clipboard {
    /// How `copy` reached the clipboard, for the message.
    enum Route: String {
        case wlCopy = "wl-copy"
        case xclip
        case osc52 = "the terminal (OSC 52)"
    }

    static func copy(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(CLIFailure) -> Route {
        if environment["WAYLAND_DISPLAY"]?.isEmpty == false, let tool = HelperProgram("wl-copy", environment: environment) {
            guard tool.feed(text, []) == 0 else { throw CLIFailure(.failed, "wl-copy could not set the clipboard; is the Wayland session still there?") }
            return .wlCopy
        }
        if environment["DISPLAY"]?.isEmpty == false, let tool = HelperProgram("xclip", environment: environment) {
            guard tool.feed(text, ["-selection", "clipboard"]) == 0 else { throw CLIFailure(.failed, "xclip could not set the clipboard; is the X display still there?") }
            return .xclip
        }
        let tty = open("/dev/tty", O_WRONLY | O_NOCTTY | O_CLOEXEC)
        guard tty >= 0 else {
            throw CLIFailure(.failed, "there is no clipboard to copy to (no wl-copy under Wayland, no xclip under X, no terminal); install wl-clipboard or xclip")
        }
        defer { close(tty) }
        let sequence = "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}"
        _ = sequence.withCString { Glibc.write(tty, $0, strlen($0)) }
        return .osc52
    }
}
