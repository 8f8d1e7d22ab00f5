import CHostSupport

/// Where the host looks for plugin files, in order:
/// 1. `plugin_paths` from the configuration (files or folders);
/// 2. `LINKSTR_PLUGIN_PATH`, colon-separated, read with `secure_getenv` (ignored in setuid processes);
/// 3. the user's folder, `<data>/plugins`;
/// 4. `<prefix>/lib/linkstr/plugins` next to an installed executable (`<prefix>/bin/linkstr`), and
///    `<libdir>/linkstr/plugins` next to an installed `<libdir>/liblinkstr.so` that a program embeds;
/// 5. `/usr/local/lib/linkstr/plugins`, `/usr/lib/linkstr/plugins`;
/// 6. during development, the build folder the executable runs from (only `liblinkstr-plugin-*.so`).
///
/// In a folder only regular files named `*.so` count, but for the embedding library itself
/// (`liblinkstr.so`, SwiftPM's `libLinkstr.so`), which shares the build folder with the plugins.
public struct PluginDiscovery: Sendable {
    public struct Source: Equatable, Sendable {
        public var path: String
        public var origin: String
    }

    public var sources: [Source]

    public init(configuration: Configuration, paths: LinkstrPaths) {
        self.init(configuration: configuration, paths: paths, executableDirectory: FileSystem.executableDirectory())
    }

    /// The search path of a program that embeds `liblinkstr.so` from `libraryDirectory`.
    public init(configuration: Configuration, paths: LinkstrPaths, libraryDirectory: String?) {
        self.init(
            configuration: configuration, paths: paths, executableDirectory: FileSystem.executableDirectory(), libraryDirectory: libraryDirectory)
    }

    /// - Parameters:
    ///   - executableDirectory: the folder of the running program (the build folder during
    ///     development, `<prefix>/bin` once installed), or nil.
    ///   - libraryDirectory: the folder of the embedding library (`<prefix>/lib` for an installed
    ///     `liblinkstr.so`), or nil when no library is involved.
    public init(configuration: Configuration, paths: LinkstrPaths, executableDirectory: String?, libraryDirectory: String? = nil) {
        var sources: [Source] = configuration.pluginPaths.map { Source(path: $0, origin: "config") }
        if let value = linkstr_secure_getenv("LINKSTR_PLUGIN_PATH") {
            for path in String(cString: value).split(separator: ":") where !path.isEmpty {
                sources.append(Source(path: String(path), origin: "LINKSTR_PLUGIN_PATH"))
            }
        }
        sources.append(Source(path: paths.userPluginDirectory, origin: "user"))
        if let executableDirectory {
            let prefix = executableDirectory.hasSuffix("/bin") ? String(executableDirectory.dropLast(4)) : nil
            if let prefix { sources.append(Source(path: prefix + "/lib/linkstr/plugins", origin: "prefix")) }
        }
        if let libraryDirectory, !sources.contains(where: { $0.path == libraryDirectory + "/linkstr/plugins" }) {
            sources.append(Source(path: libraryDirectory + "/linkstr/plugins", origin: "library"))
        }
        for system in ["/usr/local/lib/linkstr/plugins", "/usr/lib/linkstr/plugins"] where !sources.contains(where: { $0.path == system }) {
            sources.append(Source(path: system, origin: "system"))
        }
        if let executableDirectory { sources.append(Source(path: executableDirectory, origin: "build")) }
        self.sources = sources
    }

    /// Exactly `files` (files or folders), nothing else: for tests and programs that bring their own
    /// plugins.
    public init(files: [String]) {
        sources = files.map { Source(path: $0, origin: "explicit") }
    }

    /// The file name of the embedding library (lowercased), never a plugin.
    static let embeddingLibrary = "liblinkstr.so"

    /// The plugin files found, in search order (a path may repeat; the registry drops repeats by inode).
    public func candidateFiles() -> [String] {
        sources.flatMap { source -> [String] in
            guard FileSystem.isDirectory(source.path) else {
                // An explicit file is taken as is (and refused later with a reason if it is no plugin).
                return source.origin == "build" || !FileSystem.exists(source.path) ? [] : [source.path]
            }
            return FileSystem.contents(of: source.path)
                .filter { name in
                    name.hasSuffix(".so") && name.lowercased() != Self.embeddingLibrary
                        && (source.origin != "build" || name.hasPrefix("liblinkstr-plugin-"))
                }
                .map { source.path + "/" + $0 }
        }
    }
}
