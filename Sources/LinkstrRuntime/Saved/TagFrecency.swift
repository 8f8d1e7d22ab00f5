/// Tag suggestions by frecency: `frequency × 10 × 1 / (1 + days_since_last_use / 7)`, where the
/// frequency is the number of kept links with the tag and the days count fractionally since it was
/// last added; a tag already on a link of the same `LinkDomain` scores twice as much.
public enum TagFrecency {
    public static let secondsPerDay = 86_400.0

    public static func score(frequency: Int, lastUsed: Int64, now: Int64) -> Double {
        let days = Double(max(0, now - lastUsed)) / secondsPerDay
        return Double(frequency) * 10 / (1 + days / 7)
    }

    /// Every tag of `uses`, best first (ties by name), with the domain affinity of `url` when given.
    public static func rank(_ uses: [TagUse], for url: String? = nil, now: Int64) -> [TagScore] {
        let domain = url.flatMap(LinkDomain.of)
        var counts: [String: Int] = [:]
        var lastUsed: [String: Int64] = [:]
        var sameDomain = Set<String>()
        for use in uses {
            counts[use.tag, default: 0] += 1
            lastUsed[use.tag] = max(lastUsed[use.tag] ?? .min, use.addedAt)
            if let domain, LinkDomain.of(use.url) == domain { sameDomain.insert(use.tag) }
        }
        return counts.map { name, count in
            let used = lastUsed[name] ?? now
            let base = score(frequency: count, lastUsed: used, now: now)
            return TagScore(name: name, count: count, lastUsed: used, score: sameDomain.contains(name) ? base * 2 : base)
        }.sorted { $0.score != $1.score ? $0.score > $1.score : $0.name < $1.name }
    }
}
