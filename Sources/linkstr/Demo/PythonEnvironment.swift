import Foundation

/// Finds the Python virtual environment with rust-nostr's relay (PyPI `nostr-sdk`) that the demo
/// starts: the one `scripts/bootstrap.sh` makes as `.venv` in the source folder.
///
/// Looked for, in order: `--venv DIR`; `LINKSTR_VENV`; a `.venv` in the folder of this program or
/// any folder above it (a build tree: `<source>/.build/release/linkstr`), then in the current folder
/// or above; `$XDG_DATA_HOME/linkstr/venv` (`~/.local/share/linkstr/venv`, the media help's venv).
enum PythonEnvironment {
    struct Missing: Error, CustomStringConvertible {
        var searched: [String]
        var description: String {
            "linkstr demo needs rust-nostr's relay (PyPI nostr-sdk) in a Python virtual environment, and none was found "
                + "(looked for \(searched.map { $0 + "/bin/python" }.joined(separator: ", "))). Run scripts/bootstrap.sh in the "
                + "linkstr source folder (it makes .venv), or set LINKSTR_VENV to a venv with `pip install nostr-sdk==0.45.1`."
        }
    }

    /// The venv's python, or the list of places searched.
    static func python(override: String?, environment: [String: String], executable: String, currentDirectory: String) -> Result<String, Missing> {
        var candidates: [String] = []
        if let override { candidates.append(absolute(override, from: currentDirectory)) }
        if let variable = environment["LINKSTR_VENV"], !variable.isEmpty { candidates.append(absolute(variable, from: currentDirectory)) }
        if override == nil, environment["LINKSTR_VENV"]?.isEmpty ?? true {
            for start in [(executable as NSString).deletingLastPathComponent, currentDirectory] {
                var folder = start
                while true {
                    candidates.append(folder == "/" ? "/.venv" : folder + "/.venv")
                    guard folder != "/", !folder.isEmpty else { break }
                    folder = (folder as NSString).deletingLastPathComponent
                }
            }
            let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
                ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.local/share")
            candidates.append(dataHome + "/linkstr/venv")
        }
        var seen = Set<String>()
        candidates = candidates.filter { seen.insert($0).inserted }
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate + "/bin/python") {
            return .success(candidate + "/bin/python")
        }
        return .failure(Missing(searched: Array(candidates.prefix(6))))
    }

    private static func absolute(_ path: String, from folder: String) -> String {
        path.hasPrefix("/") ? path : folder + "/" + path
    }
}
