import Foundation
import Glibc

/// The Unix stream socket calls the agent and its clients share: making the address, and reading and
/// writing the protocol's lines (one JSON object each, at most 1 MiB).
enum UnlockAgentSocket {
    static let maximumLine = 1 << 20
    /// Opens the agent's folder to check it and reach its socket through it, not to read it:
    /// O_PATH (Linux's value; Glibc's module leaves it out), without following a symbolic link.
    static let folderFlags: Int32 = 0o10000000 | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC

    /// A `sockaddr_un` for the socket `name` in the folder open as `folder`, passed to `body`. The
    /// path goes through the descriptor (`/proc/self/fd/N/name`): it is short whatever the folder's
    /// path, and it names the folder that was checked, not whatever that path leads to later.
    static func withAddress<Value>(folder: Int32, name: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Value) -> Value? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array("/proc/self/fd/\(folder)/\(name)".utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }

    /// Writes `message` as one line; false when the other end is gone.
    static func send(_ message: UnlockAgentMessage, to descriptor: Int32) -> Bool {
        guard var data = try? JSONEncoder().encode(message) else { return false }
        data.append(0x0A)
        return data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = Glibc.send(descriptor, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if sent < 0, errno == EINTR { continue }
                guard sent > 0 else { return false }
                offset += sent
            }
            return true
        }
    }
}
