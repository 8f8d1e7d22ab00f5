import Foundation

/// The decisions a person made, kept in a JSON file only they can read and write (mode 0600):
/// `[{"profile": "<id>", "origin": …, "method": …, "kind": …, "decision": "allow"}]`. Each decision
/// belongs to the profile it was made as; one without a profile (written before decisions were kept
/// per profile) decides nothing, so the person is asked again.
public struct BrowserPermissionStore: Sendable {
    private struct Entry: Codable {
        var profile: String?
        var origin: String
        var method: String
        var kind: Int?
        var decision: BrowserDecision

        func matches(_ permission: BrowserPermission) -> Bool {
            profile == permission.profile.rawValue && origin == permission.origin && method == permission.method.rawValue && kind == permission.kind
        }
    }

    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// The remembered decision for `permission`, if any. A file that cannot be read counts as empty.
    public func decision(for permission: BrowserPermission) -> BrowserDecision? {
        entries().last { $0.matches(permission) }?.decision
    }

    /// Remembers `decision` for `permission` (replacing an earlier one).
    public func remember(_ decision: BrowserDecision, for permission: BrowserPermission) throws(BrowserRequestError) {
        var kept = entries().filter { !$0.matches(permission) }
        kept.append(
            Entry(profile: permission.profile.rawValue, origin: permission.origin, method: permission.method.rawValue, kind: permission.kind, decision: decision))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            try PrivateFile.replace(path, with: Array(try encoder.encode(kept)))
        } catch {
            throw BrowserRequestError("cannot remember the browser permission in \(path): \(error)")
        }
    }

    private func entries() -> [Entry] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return (try? JSONDecoder().decode([Entry].self, from: data)) ?? []
    }
}
