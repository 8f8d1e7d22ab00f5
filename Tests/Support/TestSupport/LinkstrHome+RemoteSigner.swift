import Foundation

extension LinkstrHome {
    /// A new home in `scratch/name` whose account's key is in the remote signer of `bunkerLink`
    /// (`account connect … --yes`, plain key store for the session key, and `options`); it has no nsec.
    public static func connect(
        _ scratch: TestScratch, _ name: String, relays: [String], bunkerLink: String, options: [String] = []
    ) throws -> LinkstrHome {
        let path = scratch.folder(name)
        scratch.write(name + "/config.toml", "relays = [" + relays.map { "\"\($0)\"" }.joined(separator: ", ") + "]\n")
        let result = try ProcessRunner.linkstr(["account", "connect", bunkerLink, "--yes", "--key-store", "plain", "--json", "--home", path] + options, timeout: 45)
        guard result.status == 0 else { throw TestFailure("linkstr account connect exited \(result.status): \(result.stderr)") }
        let identity = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
        guard let pubkey = identity["pubkey"] as? String, let npub = identity["npub"] as? String else {
            throw TestFailure("linkstr account connect printed unexpected JSON: \(result.stdout)")
        }
        return LinkstrHome(path: path, pubkey: pubkey, npub: npub, nsec: "")
    }
}
