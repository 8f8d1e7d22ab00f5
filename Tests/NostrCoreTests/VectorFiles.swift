import Foundation
import Testing

/// Loads the test vectors kept in `<repo>/Tests/Vectors` (their sources are named in the README
/// there). A missing file is an error that fails the test (never a skip).
enum VectorFiles {
    struct MissingVectorFile: Error, CustomStringConvertible {
        let path: String
        var description: String { "test vector file not found: \(path)" }
    }

    struct MalformedVectorFile: Error, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "test vector file \(path) is malformed: \(reason)" }
    }

    /// #filePath = <repo>/Tests/NostrCoreTests/VectorFiles.swift
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Vectors", isDirectory: true)

    static func data(_ name: String) throws -> Data {
        let url = directory.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else { throw MissingVectorFile(path: url.path) }
        return try Data(contentsOf: url)
    }

    /// The top-level JSON object of a vector file.
    static func json(_ name: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: data(name), options: [.fragmentsAllowed])
        guard let dictionary = object as? [String: Any] else {
            throw MalformedVectorFile(path: name, reason: "top level is not an object")
        }
        return dictionary
    }
}

/// Typed access into decoded vector JSON that fails the test with a clear message.
struct VectorValue {
    let value: Any
    let path: String

    init(_ value: Any, path: String) {
        self.value = value
        self.path = path
    }

    struct WrongType: Error, CustomStringConvertible {
        let path: String
        let expected: String
        var description: String { "vector field \(path) is missing or not \(expected)" }
    }

    subscript(key: String) -> VectorValue {
        VectorValue((value as? [String: Any])?[key] as Any, path: "\(path).\(key)")
    }

    var exists: Bool {
        if case Optional<Any>.none = value as Any? { return false }
        return !(value is NSNull) && String(describing: value) != "nil"
    }

    func string() throws -> String {
        guard let text = value as? String else { throw WrongType(path: path, expected: "a string") }
        return text
    }

    func int() throws -> Int {
        guard let number = value as? NSNumber else { throw WrongType(path: path, expected: "an integer") }
        return number.intValue
    }

    func int64() throws -> Int64 {
        guard let number = value as? NSNumber else { throw WrongType(path: path, expected: "an integer") }
        return number.int64Value
    }

    func array() throws -> [VectorValue] {
        guard let items = value as? [Any] else { throw WrongType(path: path, expected: "an array") }
        return items.enumerated().map { VectorValue($1, path: "\(path)[\($0)]") }
    }

    func dictionary() throws -> [String: Any] {
        guard let object = value as? [String: Any] else { throw WrongType(path: path, expected: "an object") }
        return object
    }

    func hexBytes() throws -> [UInt8] {
        let text = try string().lowercased()
        guard text.count % 2 == 0 else { throw WrongType(path: path, expected: "hex") }
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            guard let byte = UInt8(text[index..<next], radix: 16) else { throw WrongType(path: path, expected: "hex") }
            bytes.append(byte)
            index = next
        }
        return bytes
    }

    /// The value re-encoded as JSON bytes (to feed the module's own parser).
    func jsonData() throws -> Data {
        try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])
    }
}
