import Foundation

/// Where a home keeps a profile's key files: `<home>/data/profiles/<profile id>/<name>`.
public enum ProfileKeyFile {
    /// The paths of the files called `name` (`key.nsec`, `remote-session.nsec`…) of the home's profiles.
    public static func paths(home: String, name: String) -> [String] {
        let folder = home + "/data/profiles"
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return ids.sorted().map { folder + "/" + $0 + "/" + name }.filter { FileManager.default.fileExists(atPath: $0) }
    }

    /// The one such file, or nil when there is none (or more than one).
    public static func path(home: String, name: String) -> String? {
        let found = paths(home: home, name: name)
        return found.count == 1 ? found[0] : nil
    }
}
