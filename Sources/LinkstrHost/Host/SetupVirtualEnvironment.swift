import Glibc

/// The Python virtual environment with linkstr's tools (yt-dlp, and rust-nostr's relay for the demo)
/// that the set-up (`scripts/bootstrap.sh`) made, found only at known places, never by searching the
/// working folder:
/// 1. `LINKSTR_VENV`;
/// 2. the `.venv` of the source checkout the running program was built in (the program is
///    `<checkout>/.build/…/linkstr`, or a library of that build folder);
/// 3. `<data>/venv` (`~/.local/share/linkstr/venv`).
///
/// A candidate is taken only when it and every folder above it belong to root or the current user
/// and nobody else can write them (the plugin file rules), so a planted environment is never run.
public struct SetupVirtualEnvironment: Sendable, Equatable {
    /// The environment's folder (it has `bin/python`).
    public var path: String

    public var python: String { path + "/bin/python" }

    /// The environment's program `name` (`yt-dlp`), if it has one.
    public func program(_ name: String) -> String? {
        let candidate = path + "/bin/" + name
        return access(candidate, X_OK) == 0 ? candidate : nil
    }

    /// The places looked at, in order.
    public static func candidates(environment: [String: String], executableDirectory: String?, dataDirectory: String) -> [String] {
        var candidates: [String] = []
        if let variable = environment["LINKSTR_VENV"], !variable.isEmpty { candidates.append(variable) }
        if let folder = executableDirectory.map({ $0 + "/" }), let build = folder.firstRange(of: "/.build/") {
            candidates.append(String(folder[..<build.lowerBound]) + "/.venv")
        }
        candidates.append(dataDirectory + "/venv")
        return candidates
    }

    /// The places looked at for the running program, in order.
    public static func candidates(environment: [String: String], dataDirectory: String) -> [String] {
        candidates(environment: environment, executableDirectory: FileSystem.executableDirectory(), dataDirectory: dataDirectory)
    }

    /// The first trustworthy environment of `candidates(…)` for the running program, or nil.
    public static func find(environment: [String: String], dataDirectory: String) -> SetupVirtualEnvironment? {
        candidates(environment: environment, dataDirectory: dataDirectory).lazy.compactMap(trusted).first
    }

    /// `path` as an environment when it is one (a `pyvenv.cfg`, an executable `bin/python`) that only
    /// root or the current user can change.
    static func trusted(_ path: String) -> SetupVirtualEnvironment? {
        guard path.hasPrefix("/"), access(path + "/bin/python", X_OK) == 0 else { return nil }
        do {
            _ = try PluginFileCheck.check(path + "/pyvenv.cfg")
            _ = try PluginFileCheck.check(path + "/bin/activate")
        } catch {
            return nil
        }
        return SetupVirtualEnvironment(path: path)
    }
}
