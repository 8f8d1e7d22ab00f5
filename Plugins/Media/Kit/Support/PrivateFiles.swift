import Foundation
import Glibc

/// Cache files only their owner reads: what was watched is private. Folders are made (and
/// existing ones tightened to) 0700, files written atomically and set to 0600.
enum PrivateFiles {
    static func createFolder(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        chmod(path, 0o700)
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        chmod(path, 0o600)
    }
}
