import NostrCore

extension Profile {
    /// The keys a published name is written to: NIP-01's `name` and NIP-24's `display_name` (and,
    /// when clearing, the deprecated `displayName` spelling, which would otherwise still show).
    static let publishedNameKeys = ["name", "display_name"]

    /// `text` as a name to publish: cleaned as every shown name is (`NameText`), nil when nothing is left.
    public static func publishableName(_ text: String) -> String? {
        NameText.clean(text)
    }

    /// The content of our next kind 0: `current` (the content of our newest kind 0, nil when there is
    /// none) with `name` in `name` and `display_name`, or those removed when `name` is nil. Every other
    /// field (picture, about, nip05, …) stays as another client wrote it, in its place; a content
    /// that is not a JSON object holds nothing to keep.
    public static func metadataContent(_ current: String?, settingName name: String?) -> String {
        var members: [(key: String, value: JSONValue)] = []
        if let current, case .object(let existing)? = try? JSONValue.parse(current) { members = existing }
        if let name {
            for key in publishedNameKeys {
                if let index = members.firstIndex(where: { $0.key == key }) {
                    members[index].value = .string(name)
                } else {
                    members.append((key: key, value: .string(name)))
                }
            }
        } else {
            members.removeAll { publishedNameKeys.contains($0.key) || $0.key == "displayName" }
        }
        return JSONValue.object(members).jsonText()
    }

    /// Our next kind 0 (unsigned): `name` set in the content of `current` (our newest kind 0, if any),
    /// stamped `now` but always after `current`, so relays keep it as the newest.
    public static func publishing(_ name: String?, by me: PublicKey, over current: Event?, now: Int64) -> UnsignedEvent {
        let createdAt = current.map { max(now, $0.createdAt == .max ? .max : $0.createdAt + 1) } ?? now
        return UnsignedEvent(
            pubkey: me, createdAt: createdAt, kind: kind, tags: current?.tags ?? [], content: metadataContent(current?.content, settingName: name))
    }
}
