import Foundation
import NostrCore

/// What linkstr keeps of someone's kind 0 profile (NIP-01 metadata): the name to show when there is
/// no local alias (the iPhone app's order: alias, profile name, npub), and the stamp of the
/// event it came from (newer wins per key, ordered like `Stamp`).
///
/// A value type; safe to share between threads.
public struct Profile: Equatable, Sendable {
    /// The kind of NIP-01 user metadata.
    public static let kind = 0

    /// The profile's name keys, in order of preference: NIP-24's `display_name` (the richer name),
    /// then NIP-01's `name`, then the deprecated spellings some clients still write.
    public static let nameKeys = ["display_name", "name", "displayName", "username"]

    public var pubkey: PublicKey
    /// Nil when the profile has no usable name (a newer profile without one clears an older name).
    public var name: String?
    public var stamp: EventStamp

    public init(pubkey: PublicKey, name: String?, stamp: EventStamp) {
        self.pubkey = pubkey
        self.name = name
        self.stamp = stamp
    }

    /// Reads a kind 0 event's content tolerantly: it must be a JSON object, but every field is
    /// optional and a field of the wrong type is ignored. The name is the first of `nameKeys` that
    /// holds a string with something left after `NameText.clean` (controls removed, trimmed, capped).
    /// Does not check the kind, the signature or the stamp (see `ContactBook.ingestProfile`).
    public init(metadata event: Event) throws(PayloadError) {
        self.init(pubkey: event.pubkey, name: try Self.name(fromMetadata: event.content), stamp: EventStamp(event))
    }

    /// The name in kind 0 content, or nil when it has none; throws when the content is not a JSON object.
    public static func name(fromMetadata content: String) throws(PayloadError) -> String? {
        let json: JSONValue
        do {
            json = try JSONValue.parse(content)
        } catch {
            throw PayloadError("the profile is not valid JSON: \(error.reason)")
        }
        guard case .object = json else { throw PayloadError("the profile is not a JSON object") }
        for key in nameKeys {
            if case .string(let text)? = json[key], let name = NameText.clean(text) { return name }
        }
        return nil
    }
}
