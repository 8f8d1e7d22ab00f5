/// A parsed URL and its path segments: what each provider's rules read.
public struct LinkParts {
    public let url: ParsedURL
    public let segments: PathSegments

    public var bytes: URLBytes { url.bytes }

    /// The index of the first segment equal to `name` (ASCII case-insensitive), or nil.
    func segmentIndex(_ name: StaticString) -> Int? {
        for index in 0..<segments.count where bytes.equalsIgnoringCase(segments[index], name) { return index }
        return nil
    }

    /// True when some segment equal to `first` is directly followed by one equal to `second`.
    func hasSegmentPair(_ first: StaticString, _ second: StaticString) -> Bool {
        for index in 0..<segments.count where bytes.equalsIgnoringCase(segments[index], first) {
            if let next = segments.next(after: index), bytes.equalsIgnoringCase(next, second) { return true }
        }
        return false
    }

    /// Appends `?key=value&…` for the query items `keep` accepts, in their original order (nothing
    /// when none is kept).
    func appendQuery(to writer: inout URLWriter, keep: (Range<Int>) -> Bool) {
        var first = true
        url.forEachQueryItem { key, value in
            if keep(key) {
                writer.append(byte: first ? UInt8(ascii: "?") : UInt8(ascii: "&"))
                first = false
                writer.append(bytes, key)
                if !value.isEmpty || (value.lowerBound > key.upperBound) {
                    writer.append(byte: UInt8(ascii: "="))
                    writer.append(bytes, value)
                }
            }
            return true
        }
    }
}
