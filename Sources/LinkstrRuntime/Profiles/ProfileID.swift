import Foundation

/// A profile's identifier: a random UUID, never reused, so profiles made by different processes
/// never collide. Its lowercase text names the profile's key folder and Secret Service items.
public struct ProfileID: Hashable, Codable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init() {
        rawValue = UUID().uuidString.lowercased()
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let uuid = UUID(uuidString: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "'\(text)' is not a UUID"))
        }
        rawValue = uuid.uuidString.lowercased()
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }
}
