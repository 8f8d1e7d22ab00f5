import Foundation

/// Finds processes by their command line (`/proc/<pid>/cmdline`), to prove a cancelled extraction
/// left no yt-dlp or ffmpeg behind.
enum ProcessScan {
    static func processes(mentioning text: String) -> [String] {
        let own = String(getpid())
        return TestPaths.contents("/proc").filter { $0.allSatisfy(\.isNumber) && $0 != own }.compactMap { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"), !data.isEmpty else { return nil }
            let line = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
            return line.contains(text) ? "\(pid): \(line)" : nil
        }
    }
}
