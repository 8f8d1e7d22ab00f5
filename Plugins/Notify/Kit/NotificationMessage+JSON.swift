import Foundation
import LinkstrPluginKit

extension NotificationMessage: Encodable {
    private enum Key: String, CodingKey {
        case id, kind, title, body, session, url, note, sender, emoji
        case deepLink = "deep_link"
        case createdAt = "created_at"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(id, forKey: .id)
        try container.encode(kind.name, forKey: .kind)
        try container.encode(title, forKey: .title)
        try container.encode(body, forKey: .body)
        try container.encodeIfPresent(session, forKey: .session)
        try container.encodeIfPresent(deepLink, forKey: .deepLink)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encodeIfPresent(url, forKey: .url)
        try container.encodeIfPresent(note, forKey: .note)
        try container.encodeIfPresent(sender, forKey: .sender)
        try container.encodeIfPresent(emoji, forKey: .emoji)
    }

    /// The notification as one JSON object (UTF-8, sorted keys, `/` not escaped), the payload of the
    /// webhook and command notifiers: `id`, `kind`, `title`, `body`, `created_at`, and `session`,
    /// `deep_link`, `url`, `note`, `sender`, `emoji` when present.
    public func json() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding strings and integers into a keyed container cannot fail.
        return (try? encoder.encode(self)) ?? Data("{}".utf8)
    }
}
