import Foundation
import PluginTesting

/// A fresh folder for one test under `<products>/test-scratch` (mode 0700; never /tmp, which the
/// plugin loader refuses), removed by `remove()`.
struct TestScratch {
    let path: String

    init(_ label: String = #function) {
        let root = BuildProducts.directory + "/test-scratch"
        path = root + "/" + label.filter { $0.isLetter || $0.isNumber } + "-" + UUID().uuidString.prefix(8)
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        chmod(root, 0o700)
    }

    func file(_ name: String) -> String { path + "/" + name }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
