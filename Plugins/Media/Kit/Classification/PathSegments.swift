/// The non-empty `/`-separated segments of a URL path, as ranges, in storage the caller provides
/// (a stack allocation on the hot path). Segments past the capacity are ignored: no rule looks that
/// deep into a path.
public struct PathSegments {
    public static let capacity = 24

    private let storage: UnsafeMutableBufferPointer<Range<Int>>
    public private(set) var count = 0

    /// Splits `url.path` into `storage` (which must hold `capacity` ranges).
    public init(_ url: ParsedURL, storage: UnsafeMutableBufferPointer<Range<Int>>) {
        self.storage = storage
        var start = url.path.lowerBound
        let end = url.path.upperBound
        while start < end, count < storage.count {
            while start < end, url.bytes[start] == UInt8(ascii: "/") { start += 1 }
            var segmentEnd = start
            while segmentEnd < end, url.bytes[segmentEnd] != UInt8(ascii: "/") { segmentEnd += 1 }
            if segmentEnd > start {
                storage[count] = start..<segmentEnd
                count += 1
            }
            start = segmentEnd
        }
    }

    @inline(__always)
    public subscript(_ index: Int) -> Range<Int> { storage[index] }

    public var isEmpty: Bool { count == 0 }

    /// The segment after `index`, or nil when `index` is the last.
    public func next(after index: Int) -> Range<Int>? {
        index + 1 < count ? storage[index + 1] : nil
    }
}
