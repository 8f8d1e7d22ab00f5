import Foundation

/// Reads back a QR code that `linkstr` drew on a terminal (`▀ ▄ █` and spaces, two module rows per
/// line): the lines become a bitmap (PBM), and the real decoder `zbarimg` (Debian's zbar-tools)
/// reads it. Returns the decoded text, or nil when nothing decodes.
public enum QRCodeReader {
    /// Finds the drawn code among `output`'s lines (the block of lines made only of block
    /// characters and spaces, colour codes removed) and decodes it.
    public static func decode(terminalOutput output: String, scratch: TestScratch) throws -> String? {
        let plain = output.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            .replacingOccurrences(of: "\r", with: "")
        let drawing = plain.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            .filter { line in !line.isEmpty && line.contains(where: { "▀▄█".contains($0) }) && line.allSatisfy { " ▀▄█".contains($0) } }
        guard let width = drawing.map(\.count).max() else { return nil }
        var rows: [[Bool]] = []
        for line in drawing {
            let cells = Array(line.padding(toLength: width, withPad: " ", startingAt: 0))
            rows.append(cells.map { $0 == "█" || $0 == "▀" })
            rows.append(cells.map { $0 == "█" || $0 == "▄" })
        }
        return try decode(modules: rows, scratch: scratch)
    }

    /// Decodes a square of modules (`true` dark), adding a quiet zone and scaling each module up.
    public static func decode(modules rows: [[Bool]], scratch: TestScratch) throws -> String? {
        let scale = 4, margin = 4
        let width = ((rows.map(\.count).max() ?? 0) + 2 * margin) * scale
        let height = (rows.count + 2 * margin) * scale
        var pbm = "P1\n\(width) \(height)\n"
        for y in 0..<height {
            let row = y / scale - margin
            let line = (0..<width).map { x -> String in
                let column = x / scale - margin
                let dark = row >= 0 && row < rows.count && column >= 0 && column < rows[row].count && rows[row][column]
                return dark ? "1" : "0"
            }
            pbm += line.joined(separator: " ") + "\n"
        }
        let image = scratch.write("qr-\(UUID().uuidString.prefix(8)).pbm", pbm)
        let result = try ProcessRunner.run("/usr/bin/zbarimg", ["--quiet", "--raw", image], timeout: 30)
        guard result.status == 0 else { return nil }
        return result.stdout.hasSuffix("\n") ? String(result.stdout.dropLast()) : result.stdout
    }
}
