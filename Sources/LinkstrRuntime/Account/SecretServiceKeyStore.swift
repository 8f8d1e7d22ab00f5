import Foundation
import LinkstrProcess

/// The Secret Service through `secret-tool` (libsecret-tools): the nsec goes on stdin, never on the
/// command line. Items are labelled "linkstr nostr key" with the attributes of a ``SecretServiceItem``.
struct SecretServiceKeyStore {
    var environment: [String: String]

    /// Whether a Secret Service answers on the session bus.
    var isAvailable: Bool {
        guard environment["DBUS_SESSION_BUS_ADDRESS"]?.isEmpty == false, let tool = executable else { return false }
        // A search that finds nothing exits 1 with no message; a missing service prints an error.
        guard let result = try? ChildProcess.run(tool, ["search", "application", "linkstr-availability-probe"], environment: environment) else { return false }
        return result.stderr.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty && (result.exit == .exited(0) || result.exit == .exited(1))
    }

    func store(nsec: String, item: SecretServiceItem) throws(LinkstrError) {
        let result = try invoke(
            ["store", "--label=linkstr nostr key", "application", "linkstr", "profile", item.profile, "account", item.account], stdin: nsec)
        guard result.status == 0 else { throw LinkstrError(.failed, "the Secret Service refused to store the key: \(result.stderr)") }
    }

    /// The item's secret, found by its profile id. An item stored before the home had profiles has
    /// only its account: found by that once, it is stored again under the profile, so that from then
    /// on this home reads, and removes, only its own item — never another home's with the same npub.
    func lookup(_ item: SecretServiceItem) throws(LinkstrError) -> String {
        if let secret = try find(["profile", item.profile]) { return secret }
        guard let legacy = try find(["account", item.account]) else {
            throw LinkstrError(.failed, "the Secret Service has no key for \(item.account) (is the keyring unlocked?)")
        }
        try store(nsec: legacy, item: item)
        return legacy
    }

    /// Removes the profile's item (by its profile id: another home may hold an item for the same npub).
    func remove(_ item: SecretServiceItem) throws(LinkstrError) {
        let result = try invoke(["clear", "application", "linkstr", "profile", item.profile], stdin: nil)
        guard result.status == 0 else { throw LinkstrError(.failed, "the Secret Service could not remove the key: \(result.stderr)") }
    }

    /// The secret of the item with `attribute`, or nil.
    private func find(_ attribute: [String]) throws(LinkstrError) -> String? {
        let result = try invoke(["lookup", "application", "linkstr"] + attribute, stdin: nil)
        guard result.status == 0, !result.stdout.isEmpty else { return nil }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private var executable: String? {
        let paths = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        return paths.map { $0 + "/secret-tool" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private func invoke(_ arguments: [String], stdin: String?) throws(LinkstrError) -> (status: Int32, stdout: String, stderr: String) {
        guard let tool = executable else { throw LinkstrError(.failed, "secret-tool is not installed (apt-get install libsecret-tools)") }
        do {
            let (exit, stdout, stderr) = try ChildProcess.run(tool, arguments, environment: environment, input: stdin.map { .text($0) } ?? .closed)
            return (exit.status, stdout, stderr.trimmingCharacters(in: .whitespacesAndNewlines))
        } catch {
            throw LinkstrError(.failed, "cannot run secret-tool: \(error.reason)")
        }
    }
}
