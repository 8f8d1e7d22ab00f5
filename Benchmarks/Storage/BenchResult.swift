/// The measurements of one backend run. A value type.
struct BenchResult {
    var backend: String
    var insertsPerSecond: Double
    var feedMedian: Double
    var feedP95: Double
    var unreadMedian: Double
    var unreadP95: Double
    var sizeBytes: UInt64?

    /// A Markdown table of every run.
    static func table(_ results: [BenchResult], options: Options) -> String {
        func ms(_ seconds: Double) -> String { formatted(seconds * 1000, decimals: 3) }
        var lines = [
            "\(options.posts) posts in \(options.sessions) sessions, batches of \(options.batch), \(options.queries) queries each",
            "",
            "| backend | inserts/s | feed p50 ms | feed p95 ms | unread list p50 ms | unread list p95 ms | size per 100k posts |",
            "|---|---:|---:|---:|---:|---:|---:|",
        ]
        for result in results {
            let size = result.sizeBytes.map { formatted(Double($0) * 100_000 / Double(options.posts) / 1_048_576, decimals: 1) + " MiB" } ?? "–"
            lines.append(
                "| \(result.backend) | \(formatted(result.insertsPerSecond, decimals: 0)) | \(ms(result.feedMedian)) | \(ms(result.feedP95)) | \(ms(result.unreadMedian)) | \(ms(result.unreadP95)) | \(size) |")
        }
        return lines.joined(separator: "\n")
    }

    private static func formatted(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "–" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        return decimals == 0 ? String(Int(rounded)) : String(rounded)
    }
}
