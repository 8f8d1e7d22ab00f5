import Foundation

/// The unsigned event a plugin asks the signer to complete:
/// `{"created_at":…,"kind":…,"tags":[…],"content":"…"}` (`pubkey` and `id` are the signer's to add).
struct EventTemplate: Decodable, Equatable {
    var createdAt: Int64
    var kind: Int
    var tags: [[String]]
    var content: String

    private enum CodingKeys: String, CodingKey {
        case createdAt = "created_at"
        case kind, tags, content
    }

    /// - Throws: `EventTemplateError` naming the missing or mistyped field.
    init(json: [UInt8]) throws(EventTemplateError) {
        do {
            self = try JSONDecoder().decode(EventTemplate.self, from: Data(json))
        } catch let DecodingError.keyNotFound(key, _) {
            throw EventTemplateError(reason: "the unsigned event has no \"\(key.stringValue)\"")
        } catch let DecodingError.typeMismatch(_, context) {
            let field = context.codingPath.first?.stringValue ?? "the event"
            throw EventTemplateError(reason: "\"\(field)\" of the unsigned event has the wrong type")
        } catch {
            throw EventTemplateError(reason: "the unsigned event is not a JSON object")
        }
        guard (0...65535).contains(kind), createdAt >= 0 else {
            throw EventTemplateError(reason: "the unsigned event has an invalid kind or created_at")
        }
    }
}

/// Why a plugin's unsigned event could not be signed.
struct EventTemplateError: Error, CustomStringConvertible {
    var reason: String

    var description: String { reason }
}
