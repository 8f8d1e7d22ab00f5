import Glibc

/// Where SwiftPM put the products of this build: the folder of the running test binary, which holds
/// the plugin libraries (`liblinkstr-plugin-*.so`) and the `linkstr` executable.
public enum BuildProducts {
    public static var directory: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        precondition(length > 0, "cannot read /proc/self/exe")
        let path = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var folder = path[..<path.lastIndex(of: "/")!]
        // On Linux the test bundle is `<products>/<name>.xctest` — an executable file, not a folder.
        if folder.hasSuffix(".xctest") { folder = folder[..<folder.lastIndex(of: "/")!] }
        return String(folder)
    }

    /// The path of a plugin library built by this package, e.g. `plugin("sqlite")` →
    /// `<products>/liblinkstr-plugin-sqlite.so`.
    public static func plugin(_ name: String) -> String {
        directory + "/liblinkstr-plugin-\(name).so"
    }

    public static var linkstrExecutable: String { directory + "/linkstr" }
}
