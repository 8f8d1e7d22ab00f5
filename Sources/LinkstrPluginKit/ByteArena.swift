import PluginABI

/// Collects the byte fields of a storage call in one buffer, so that every `lkh_bytes` handed across
/// the ABI points into memory that stays valid for the whole call.
/// A value type: confine it to the call that builds it.
public struct ByteArena {
    private var buffer: [UInt8] = []

    public init() {}

    /// Appends `bytes`; returns where they are.
    public mutating func add<Bytes: Collection>(_ bytes: Bytes) -> Range<Int> where Bytes.Element == UInt8 {
        let start = buffer.count
        buffer.append(contentsOf: bytes)
        return start..<buffer.count
    }

    /// Forgets every range, keeping the buffer's memory for the next ones.
    public mutating func reset() {
        buffer.removeAll(keepingCapacity: true)
    }

    /// Calls `body` with a function that turns a range from `add` into borrowed `lkh_bytes`.
    public func withBytes<Result>(_ body: ((Range<Int>) -> lkh_bytes) -> Result) -> Result {
        buffer.withUnsafeBufferPointer { base in
            body { range in
                range.isEmpty ? lkh_bytes(data: nil, len: 0) : lkh_bytes(data: base.baseAddress! + range.lowerBound, len: range.count)
            }
        }
    }
}
