/// Host names that stay on this machine: `localhost`, `127.x.x.x` and `::1` (with or without
/// brackets). Plain http is trusted only to them.
public enum LoopbackHost {
    public static func contains(_ host: String) -> Bool {
        let host = host.lowercased()
        if host == "localhost" || host == "::1" || host == "[::1]" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }
}
