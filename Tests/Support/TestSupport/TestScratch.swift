import Foundation
import PluginTesting

/// A fresh folder for one test, inside the build folder (never /tmp: the plugin loader refuses
/// world-writable folders), mode 0700, removed by `remove()`.
public struct TestScratch: Sendable {
    public let path: String

    public init(_ label: String = #function) {
        let root = BuildProducts.directory + "/test-scratch"
        let name = label.filter { $0.isLetter || $0.isNumber } + "-" + UUID().uuidString.prefix(8)
        path = root + "/" + name
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        chmod(root, 0o700)
    }

    public func file(_ name: String) -> String { path + "/" + name }

    @discardableResult
    public func folder(_ name: String, mode: Int = 0o700) -> String {
        let folder = file(name)
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: mode])
        return folder
    }

    /// Writes `text` to the file `name`, readable by the user only (linkstr refuses a passphrase
    /// file, or a config.toml holding a secret, that others can read).
    @discardableResult
    public func write(_ name: String, _ text: String) -> String {
        let target = file(name)
        try! text.write(toFile: target, atomically: true, encoding: .utf8)
        try! FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: target)
        return target
    }

    public func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
