import Foundation

/// One line yt-dlp writes to stdout with the flags `VideoExtractor` passes: a progress line
/// (`[p] <downloaded> <total> <estimate>`, `NA` when unknown) or the final path
/// (`[f] "<JSON string>"`).
enum YtDlpOutputLine: Equatable {
    case progress(downloaded: Int64, total: Int64)
    case file(String)
    case other

    static let progressTemplate = "download:[p] %(progress.downloaded_bytes)s %(progress.total_bytes)s %(progress.total_bytes_estimate)s"
    static let fileTemplate = "after_move:[f] %(filepath)j"

    init(_ line: Substring) {
        if line.hasPrefix("[p] ") {
            let fields = line.dropFirst(4).split(separator: " ")
            func number(_ index: Int) -> Int64? {
                index < fields.count ? Int64(fields[index]) ?? Double(fields[index]).map { Int64($0) } : nil
            }
            guard let downloaded = number(0) else {
                self = .other
                return
            }
            self = .progress(downloaded: downloaded, total: number(1) ?? number(2) ?? -1)
        } else if line.hasPrefix("[f] ") {
            let json = Data(line.dropFirst(4).utf8)
            if let path = try? JSONDecoder().decode(String.self, from: json) {
                self = .file(path)
            } else {
                self = .other
            }
        } else {
            self = .other
        }
    }
}
