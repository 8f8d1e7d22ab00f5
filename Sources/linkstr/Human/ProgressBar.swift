import Foundation
import LinkstrTerminal
import Synchronization

/// A progress bar on the status line (stderr, terminal only — `StatusLine`): a filled bar when the
/// total is known, a moving block when it is not (a sync cannot know how much history waits).
///
///     downloading ▕████████▌           ▏ 43%  4.3 MiB of 10.0 MiB
///     syncing     ▕      ███           ▏ 1204 received · 1187 accepted · page 3
///
/// Redraws at most every 80 ms, so a flood of updates costs nothing.
///
/// Thread rule: any thread.
final class ProgressBar: Sendable {
    let label: String
    private let line: StatusLine
    private let style: Style
    private let state = Mutex<(drawn: ContinuousClock.Instant?, frame: Int)>((nil, 0))

    static let barColumns = 20
    static let interval: Duration = .milliseconds(80)

    init(_ label: String, line: StatusLine = .shared, style: Style = HumanOutput.errorStyle) {
        self.label = label
        self.line = line
        self.style = style
    }

    /// Shows `fraction` (0…1, nil when unknown) and `detail`.
    func update(fraction: Double?, detail: String) {
        guard line.enabled else { return }
        let frame: Int? = state.withLock { state in
            let now = ContinuousClock.now
            if let drawn = state.drawn, now - drawn < Self.interval { return nil }
            state.drawn = now
            state.frame += 1
            return state.frame
        }
        guard let frame else { return }
        let text = style.paint(label, Palette.blue, bold: true) + " " + style.paint(Self.bar(fraction: fraction, frame: frame), Palette.blue)
            + " " + style.paint(detail, Palette.dark5)
        line.show(text)
    }

    /// `▕████▌     ▏` for a fraction, `▕   ███    ▏` (moving with `frame`) without one.
    static func bar(fraction: Double?, frame: Int, columns: Int = barColumns) -> String {
        guard let fraction else {
            let block = 3
            let span = columns - block
            let cycle = frame % (2 * span)
            let start = cycle < span ? cycle : 2 * span - cycle
            return "▕" + String(repeating: " ", count: start) + String(repeating: "█", count: block)
                + String(repeating: " ", count: columns - start - block) + "▏"
        }
        let eighths = Int((min(max(fraction, 0), 1) * Double(columns * 8)).rounded(.down))
        let full = eighths / 8
        let partial = eighths % 8
        let partials = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        var bar = String(repeating: "█", count: full)
        if full < columns { bar += partials[partial] }
        let used = full + (full < columns && partial > 0 ? 1 : 0)
        return "▕" + bar + String(repeating: " ", count: columns - used) + "▏"
    }

    /// 512 B, 4.3 KiB, 10.0 MiB, 1.2 GiB.
    static func bytes(_ count: Int64) -> String {
        let units = ["B", "KiB", "MiB", "GiB", "TiB"]
        var value = Double(count)
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return unit == 0 ? "\(count) B" : String(format: "%.1f", value) + " " + units[unit]
    }
}

extension ProgressBar {
    /// What a video download reports to on a terminal: a bar with the bytes downloaded (of the
    /// total, when yt-dlp knows it); nil when stderr is no terminal.
    static func download() -> (@Sendable (Int64, Int64) -> Void)? {
        guard StatusLine.shared.enabled else { return nil }
        let bar = ProgressBar("downloading")
        return { done, total in
            if total > 0 {
                let percent = done * 100 / total
                bar.update(fraction: Double(done) / Double(total), detail: "\(percent)%  \(bytes(done)) of \(bytes(total))")
            } else {
                bar.update(fraction: nil, detail: bytes(done))
            }
        }
    }
}
