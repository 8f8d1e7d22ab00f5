import Foundation
import Glibc
import LinkstrTerminal
import Synchronization

/// The one transient line on stderr a command may show while it works: the boot steps of commands
/// that connect (`loading account…`, `preparing local data…`, `connecting relays…`, `starting
/// session…`, as the app's boot screen) and progress bars. Only on a terminal: when stderr is not
/// one, nothing is ever written, so pipes and logs stay clean.
///
/// The line is redrawn in place (`\r`, erase line) and cleared before anything is written to
/// stdout (`Terminal.write`), so results never share a line with it. A step that fails stays
/// on screen with how long it took (`connecting relays… failed after 12.0 s`), above the error.
///
/// Thread rule: any thread; the state is behind a mutex and each redraw is one write.
final class StatusLine: Sendable {
    /// On when stderr is a terminal that understands cursor movement (not `TERM=dumb`).
    static let shared = StatusLine(
        enabled: isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb", style: HumanOutput.errorStyle)

    private struct State {
        var visible = false
        var step: (name: String, started: ContinuousClock.Instant)?
    }

    private let isEnabled: Atomic<Bool>
    private let style: Style
    private let state = Mutex(State())

    var enabled: Bool { isEnabled.load(ordering: .relaxed) }

    init(enabled: Bool, style: Style) {
        isEnabled = Atomic(enabled)
        self.style = style
    }

    /// Nothing is drawn from now on (`--json`: output for programs has no progress, even on a terminal).
    func disable() {
        clear()
        isEnabled.store(false, ordering: .relaxed)
    }

    /// Starts a boot step: shows `name…` until the next step, `show`, `clear` or `finishSteps`.
    func step(_ name: String) {
        guard enabled else { return }
        state.withLock { state in
            state.step = (name, .now)
            draw(style.paint(name + "… ", Palette.dark5), &state)
        }
    }

    /// Shows `text` (a progress bar), keeping the current step for a failure report.
    func show(_ text: String) {
        guard enabled else { return }
        state.withLock { draw(text, &$0) }
    }

    /// Removes the line (the steps are over or output follows).
    func clear() {
        guard enabled else { return }
        state.withLock { state in
            if state.visible { Self.write("\r\u{1B}[K") }
            state.visible = false
        }
    }

    /// The boot is over: removes the line and forgets the step.
    func finishSteps() {
        guard enabled else { return }
        clear()
        state.withLock { $0.step = nil }
    }

    /// A command failed: the running step, if any, stays on screen with how long it took — unless
    /// the failure is the caller's mistake (`blameStep` false), which no boot step is to blame for.
    func fail(blameStep: Bool = true) {
        guard enabled else { return }
        state.withLock { state in
            if blameStep, let step = state.step {
                let elapsed = (ContinuousClock.now - step.started).components
                let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
                Self.write("\r\u{1B}[K" + style.paint("\(step.name)… failed after \(String(format: "%.1f", seconds)) s", Palette.red) + "\n")
            } else if state.visible {
                Self.write("\r\u{1B}[K")
            }
            state.visible = false
            state.step = nil
        }
    }

    private func draw(_ text: String, _ state: inout State) {
        Self.write("\r\u{1B}[K" + text)
        state.visible = true
    }

    /// The terminal's width in columns (80 when it cannot be asked).
    static var columns: Int {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    private static func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }
}
