import Foundation

/// Scratch folders for the storage tests under `<package>/.build/test-scratch` (mode 0700; the plugin
/// loader refuses world-writable folders such as /tmp, and the databases should be private too).
enum Scratch {
    static let packageDirectory: String = {
        var url = URL(fileURLWithPath: #filePath)
        url.deleteLastPathComponent()  // StorageConformanceTests
        url.deleteLastPathComponent()  // Tests
        url.deleteLastPathComponent()
        return url.path
    }()

    static let root: String = {
        let root = packageDirectory + "/.build/test-scratch"
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return root
    }()

    /// A new, empty folder (mode 0700).
    static func directory(_ purpose: String) -> String {
        let path = root + "/\(purpose)-\(UUID().uuidString.prefix(8))"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return path
    }

    static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }
}
