import Foundation

/// The input files a fuzz corpus or regression folder holds.
public enum FuzzInputs {
    /// `location` itself if it is a file, else the files directly inside it, sorted by name (hidden files skipped).
    public static func files(at location: URL) -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: location.path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { return [location] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: location.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { location.appendingPathComponent($0) }
    }
}
