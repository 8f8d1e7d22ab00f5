import Foundation
import Glibc

/// The app the background service hosts (`[app] serve = true`): `linkstr watch` serves it and
/// writes where it is to a URL file; `linkstr app` reads the file and asks the running app for a
/// fresh one-time launch address instead of starting a second server.
///
/// The file holds the port and the launch key, which buys launch tokens (`POST /launch/new`,
/// `Authorization: Bearer KEY`; each token works once, for two minutes). So only this user may
/// read it: it is written with mode 0600 in a folder of mode 0700 in `$XDG_RUNTIME_DIR` (the login
/// session's own folder, itself 0700), and a file that is not this user's or that others may read
/// is not trusted. The key never appears in an address, a window or a browser's history; anyone
/// who can read it can already read the home itself.
public enum HostedApp {
    /// Where `linkstr app` asks for a launch address.
    static let issuePath = "/launch/new"

    /// What the URL file says.
    public struct Address: Sendable, Equatable {
        public var port: Int
        var key: String
        /// The process that serves it.
        public var pid: Int32
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The URL file of the home whose state folder is `stateDirectory`:
    /// `$XDG_RUNTIME_DIR/linkstr/app-<hash of the state folder>.json`, for this login session; without
    /// `XDG_RUNTIME_DIR`, `<state folder>/app.json`.
    public static func filePath(stateDirectory: String, environment: [String: String]) -> String {
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return stateDirectory + "/app.json" }
        // FNV-1a: a stable name per home, not a secret.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in stateDirectory.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return runtime + "/linkstr/app-" + String(repeating: "0", count: 16 - hex.count) + hex + ".json"
    }

    /// Writes the file atomically: its folder made with mode 0700, the file created with mode 0600.
    static func write(_ address: Address, to path: String) throws(Failure) {
        let folder = (path as NSString).deletingLastPathComponent
        if mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw Failure(description: "cannot create \(folder): \(String(cString: strerror(errno)))")
        }
        let text = "{\"port\":\(address.port),\"key\":\"\(address.key)\",\"pid\":\(address.pid)}\n"
        let temporary = path + ".\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure(description: "cannot write \(temporary): \(String(cString: strerror(errno)))") }
        let written = text.utf8CString.withUnsafeBufferPointer { Glibc.write(descriptor, $0.baseAddress, $0.count - 1) }
        close(descriptor)
        guard written == text.utf8.count, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Removes the file if it still names `pid` (a newer service's file stays).
    static func remove(_ path: String, pid: Int32) {
        if let address = try? read(path), address.pid == pid { unlink(path) }
    }

    /// What the file says; nil when there is none.
    /// - Throws: when it is not this user's, others may read or change it, or it is not a URL file.
    public static func read(_ path: String) throws(Failure) -> Address? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        guard (status.st_mode & S_IFMT) == S_IFREG, status.st_uid == getuid(), status.st_mode & 0o077 == 0 else {
            throw Failure(description: "\(path) is not a file of yours that only you can read (mode \(String(status.st_mode & 0o777, radix: 8))); it is not used. Remove it; the background service writes it again when it starts")
        }
        guard let data = FileManager.default.contents(atPath: path),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let port = object["port"] as? Int,
            let key = object["key"] as? String, let pid = object["pid"] as? Int
        else { throw Failure(description: "\(path) is not the app's URL file; remove it") }
        return Address(port: port, key: key, pid: Int32(pid))
    }

    /// The live process that serves the app of the URL file at `path`, if one does.
    public static func servingProcess(_ path: String) -> Int32? {
        guard let address = try? read(path), kill(address.pid, 0) == 0 || errno == EPERM else { return nil }
        return address.pid
    }

    /// A fresh one-time launch address from the app at `address`.
    /// - Throws: when the app does not answer (the service has stopped) or refuses the key.
    public static func launchURL(_ address: Address) throws(Failure) -> String {
        let answer: PlainHTTPClient.Answer
        do {
            answer = try PlainHTTPClient.send(
                port: address.port, method: "POST", path: issuePath,
                headers: [("Host", "127.0.0.1:\(address.port)"), ("Authorization", "Bearer \(address.key)")])
        } catch {
            throw Failure(description: "the app of the background service does not answer at 127.0.0.1:\(address.port) (\(error))")
        }
        guard answer.status == 200, let object = try? JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any],
            let url = object["url"] as? String
        else { throw Failure(description: "the app at 127.0.0.1:\(address.port) gave no launch address (HTTP \(answer.status))") }
        return url
    }
}
