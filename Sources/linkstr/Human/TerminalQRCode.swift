import LinkstrRuntime
import LinkstrTerminal

/// A QR code drawn with block characters, two rows of modules per line (`▀ ▄ █` and space), with a
/// quiet zone of two modules. With colour on, every line sets black ink on a white background, so
/// the code scans on dark and light terminal themes alike; plain output draws dark modules as ink.
enum TerminalQRCode {
    static let quietZone = 2

    static func lines(_ code: QRCode, style: Style) -> [String] {
        let span = code.size + 2 * quietZone
        func dark(_ row: Int, _ column: Int) -> Bool {
            let r = row - quietZone, c = column - quietZone
            return r >= 0 && r < code.size && c >= 0 && c < code.size && code[r, c]
        }
        return stride(from: 0, to: span, by: 2).map { row in
            let cells = (0..<span).map { column -> Character in
                switch (dark(row, column), dark(row + 1, column)) {
                case (true, true): "█"
                case (true, false): "▀"
                case (false, true): "▄"
                case (false, false): " "
                }
            }
            let line = String(cells)
            return style.colored ? "\u{1B}[38;5;16;48;5;231m" + line + "\u{1B}[0m" : line
        }
    }
}
