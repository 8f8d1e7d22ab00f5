import Foundation
import Glibc

/// The settings of human (non --json) output, read once from the environment:
///
/// - Colour on stdout when it is a terminal, `NO_COLOR` is unset or empty (https://no-color.org)
///   and `TERM` is not `dumb`. `LINKSTR_COLOR=always` forces it on (tests, `| less -R`),
///   `LINKSTR_COLOR=never` off.
/// - `LINKSTR_NOW=<unix seconds>` pins the clock relative times ("5m ago") are measured from, so the
///   output can be compared with golden files. Only the human formatter reads it; everything that
///   is stored or sent uses the real clock.
public struct HumanOutput: Sendable {
    public let style: Style
    public let now: Int64

    public static let current = HumanOutput(environment: ProcessInfo.processInfo.environment, descriptor: STDOUT_FILENO)
    /// Colour for text on stderr (status lines, progress).
    public static let errorStyle = Style(colored: colorEnabled(ProcessInfo.processInfo.environment, descriptor: STDERR_FILENO))

    public init(environment: [String: String], descriptor: Int32) {
        style = Style(colored: Self.colorEnabled(environment, descriptor: descriptor))
        now = environment["LINKSTR_NOW"].flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) } ?? Int64(Date().timeIntervalSince1970)
    }

    public init(style: Style, now: Int64) {
        self.style = style
        self.now = now
    }

    public static func colorEnabled(_ environment: [String: String], descriptor: Int32) -> Bool {
        switch environment["LINKSTR_COLOR"]?.lowercased() {
        case "always": return true
        case "never": return false
        default: break
        }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        return isatty(descriptor) == 1
    }
}
