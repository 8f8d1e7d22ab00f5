import Foundation

/// How `unlock` starts the unlock agent of a home: the `linkstr` program with `agent` and the
/// options that choose the home (the agent finds the same data folder, hence the same socket).
public enum UnlockAgentProgram {
    /// This program, for a front end that is `linkstr` itself (the command line, the app).
    public static var thisProgram: String { URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path }

    /// `program agent [--home DIR] [--config FILE]` for the home of `configuration`.
    public static func command(program: String, configuration: RuntimeConfiguration) -> [String] {
        [program, "agent"] + (configuration.home.map { ["--home", $0] } ?? []) + (configuration.configFile.map { ["--config", $0] } ?? [])
    }

    /// The `linkstr` program for a program that embeds the runtime from `libraryDirectory`:
    /// installed beside it (`<prefix>/bin` for `<prefix>/lib`), in the library's own folder (a
    /// build folder, also through a link to the library), else on `PATH`; nil when there is none.
    public static func beside(libraryDirectory: String?, environment: [String: String]) -> String? {
        var folders: [String] = []
        if let libraryDirectory {
            let real = URL(fileURLWithPath: libraryDirectory + "/liblinkstr.so").resolvingSymlinksInPath().deletingLastPathComponent().path
            for folder in [libraryDirectory, real] { folders += [folder + "/../bin", folder] }
        }
        folders += (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        let candidates = folders.map { ($0 + "/linkstr" as NSString).standardizingPath }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
