import Foundation
import LinkstrRuntime

/// Remote signer links handed to `linkstr open` (the desktop handler of `bunker://` and
/// `nostrconnect://` runs it in a terminal).
extension OpenCommand {
    /// Connects a `bunker://` link as `linkstr account connect` does (showing the signer and asking
    /// first); explains a `nostrconnect://` link. Returns false for any other link.
    func openRemoteSignerLink() async throws -> Bool {
        let scheme = link.trimmingCharacters(in: .whitespaces).prefix { $0 != ":" }.lowercased()
        switch scheme {
        case BunkerLink.scheme:
            var connect = try AccountConnectCommand.parse([link])
            connect.global = global
            try await connect.run()
            return true
        case NostrConnectLink.scheme:
            throw CLIFailure(
                .usage,
                "a nostrconnect:// link is made by an app for a signer to connect to it, and linkstr is not that signer; "
                    + "to sign in linkstr with a remote signer, run `linkstr account connect --nostrconnect` and scan its link with the signer")
        default:
            return false
        }
    }
}
