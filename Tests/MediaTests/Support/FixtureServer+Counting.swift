import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension FixtureServer {
    /// How many requests the server has served for `key`: a path (`/share/r/x/`) or a path with its
    /// query exactly as requested.
    func requestCount(_ key: String) throws -> Int {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~/")
        let encoded = key.addingPercentEncoding(withAllowedCharacters: allowed) ?? key
        let data = try Data(contentsOf: URL(string: url("/__count?key=" + encoded))!)
        guard let count = Int(String(decoding: data, as: UTF8.self)) else {
            throw FixtureServerError(message: "the fixture server answered a count that is not a number")
        }
        return count
    }
}
