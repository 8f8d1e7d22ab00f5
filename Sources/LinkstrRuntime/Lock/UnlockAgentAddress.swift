import COpenSSL
import Foundation
import Glibc

/// Where the unlock agent of a home listens: `$XDG_RUNTIME_DIR/linkstr/agent-<hash>.sock`, the hash
/// taken of the home's data folder so that each home has its own agent; without a runtime folder,
/// `<data>/agent/agent.sock` inside the home itself (never a shared folder such as /tmp, where
/// another user could make the folder first). The folder is 0700 and the socket 0600. A path longer
/// than a socket address holds (107 bytes) is reached through the folder's descriptor. Other
/// private sockets of the home (`name`: the browser helper's questions to the app) live the same way.
public struct UnlockAgentAddress: Sendable, Equatable {
    public let folder: String
    public let socketPath: String

    public init(dataDirectory: String, environment: [String: String], name: String = "agent") {
        let data = (dataDirectory as NSString).standardizingPath
        guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else {
            folder = data + "/" + name
            socketPath = folder + "/" + name + ".sock"
            return
        }
        folder = runtime + "/linkstr"
        let path = Array(data.utf8)
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        _ = EVP_Digest(path, path.count, &digest, &length, EVP_sha256(), nil)
        socketPath = folder + "/" + name + "-" + digest.prefix(8).map { String(format: "%02x", $0) }.joined() + ".sock"
    }

    /// The socket's name in `folder`.
    var socketName: String { (socketPath as NSString).lastPathComponent }
}
