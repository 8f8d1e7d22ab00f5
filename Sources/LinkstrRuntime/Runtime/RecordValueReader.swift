/// Reads what ``RecordValueWriter`` wrote, checking every length, so that a damaged or foreign value
/// is an error, never a crash.
///
/// A value type; not shared between threads.
struct RecordValueReader {
    private let bytes: [UInt8]
    private var offset = 0
    /// The format version the value starts with.
    let version: UInt8

    init(_ bytes: [UInt8]) throws(RecordValueError) {
        guard let first = bytes.first else { throw RecordValueError("the value is empty") }
        self.bytes = bytes
        version = first
        offset = 1
    }

    mutating func bool() throws(RecordValueError) -> Bool {
        try take(1).first != 0
    }

    mutating func int64() throws(RecordValueError) -> Int64 {
        let slice = try take(8)
        var value: UInt64 = 0
        for (index, byte) in slice.enumerated() { value |= UInt64(byte) << (8 * UInt64(index)) }
        return Int64(bitPattern: value)
    }

    mutating func count() throws(RecordValueError) -> Int {
        let slice = try take(4)
        var value = 0
        for (index, byte) in slice.enumerated() { value |= Int(byte) << (8 * index) }
        return value
    }

    mutating func fixed32() throws(RecordValueError) -> [UInt8] {
        Array(try take(32))
    }

    mutating func data() throws(RecordValueError) -> [UInt8] {
        Array(try take(try count()))
    }

    mutating func string() throws(RecordValueError) -> String {
        String(decoding: try take(try count()), as: UTF8.self)
    }

    mutating func optionalString() throws(RecordValueError) -> String? {
        try bool() ? try string() : nil
    }

    /// Whether every byte was read (a value with trailing bytes is not one this version wrote).
    var isAtEnd: Bool { offset == bytes.count }

    private mutating func take(_ length: Int) throws(RecordValueError) -> ArraySlice<UInt8> {
        guard length >= 0, bytes.count - offset >= length else {
            throw RecordValueError("the value ends after \(bytes.count) bytes; \(offset + length) were needed")
        }
        defer { offset += length }
        return bytes[offset..<(offset + length)]
    }
}

/// A stored value that does not decode: damaged, or written by a newer version.
struct RecordValueError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }

    /// Runs a decoding; a damaged value is a storage failure (`io`) to the store's callers.
    static func asStorageFailure<Value>(_ body: () throws(RecordValueError) -> Value) throws(PluginError) -> Value {
        do {
            return try body()
        } catch {
            throw PluginError(.io, "a stored record is damaged: \(error)")
        }
    }
}

