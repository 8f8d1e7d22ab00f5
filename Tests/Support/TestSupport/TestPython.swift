import Foundation

/// The project's Python (`.venv`, made by scripts/bootstrap.sh) and the helpers in Tests/Support.
public enum TestPython {
    public static var interpreter: String {
        get throws {
            let path = FixtureBuilder.repositoryRoot + "/.venv/bin/python"
            guard FileManager.default.isExecutableFile(atPath: path) else {
                throw TestFailure("\(path) is missing; run scripts/bootstrap.sh once")
            }
            return path
        }
    }

    public static func helper(_ name: String) -> String {
        FixtureBuilder.repositoryRoot + "/Tests/Support/" + name
    }

    /// The JSON lines a helper recorded.
    public static func records(_ file: String) -> [[String: Any]] {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }
}
