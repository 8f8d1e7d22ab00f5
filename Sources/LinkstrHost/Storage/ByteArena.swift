import PluginABI

/// Collects the byte fields of a storage call in one buffer, so that every `lkh_bytes` handed to the
/// plugin points into memory that stays valid for the whole call.
/// A value type: confine it to the call that builds it.
struct ByteArena {
    private var buffer: [UInt8] = []

    /// Appends `bytes`; returns where they are.
    mutating func add<Bytes: Collection>(_ bytes: Bytes) -> Range<Int> where Bytes.Element == UInt8 {
        let start = buffer.count
        buffer.append(contentsOf: bytes)
        return start..<buffer.count
    }

    /// Calls `body` with a function that turns a range from `add` into borrowed `lkh_bytes`.
    func withBytes<Result>(_ body: ((Range<Int>) -> lkh_bytes) -> Result) -> Result {
        buffer.withUnsafeBufferPointer { base in
            body { range in
                range.isEmpty ? lkh_bytes(data: nil, len: 0) : lkh_bytes(data: base.baseAddress! + range.lowerBound, len: range.count)
            }
        }
    }
}
