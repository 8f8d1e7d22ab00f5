import COpenSSL
import Foundation
import Glibc

/// Where the unlock agent of a home listens: `$XDG_RUNTIME_DIR/linkstr/agent-<hash>.sock`, else
/// `/tmp/linkstr-<uid>/agent-<hash>.sock`, the hash taken of the home's data folder so that each
/// home has its own agent. The folder is 0700 and the socket 0600.
public struct UnlockAgentAddress: Sendable, Equatable {
    public let folder: String
    public let socketPath: String

    public init(dataDirectory: String, environment: [String: String]) {
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            folder = runtime + "/linkstr"
        } else {
            folder = "/tmp/linkstr-\(getuid())"
        }
        let path = Array((dataDirectory as NSString).standardizingPath.utf8)
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        _ = EVP_Digest(path, path.count, &digest, &length, EVP_sha256(), nil)
        socketPath = folder + "/agent-" + digest.prefix(8).map { String(format: "%02x", $0) }.joined() + ".sock"
    }
}
