import Foundation
import PluginTesting
import Testing

/// Compiles C sources of the tests with `cc`, from the ABI headers alone: the plugins of
/// Tests/Support/Fixtures here, a test target's own fixtures through `compile` and `embeddingProgram`.
public enum FixtureBuilder {
    public static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }  // TestSupport/ Support/ Tests/ <root>
        return url.path
    }()

    /// The C plugins several test targets build (`plugin`, `misbehavingPlugin`).
    static var pluginFixtures: String { repositoryRoot + "/Tests/Support/Fixtures" }
    public static var includeFlags: [String] {
        ["-I", repositoryRoot + "/Sources/PluginABI/include", "-I", repositoryRoot + "/Sources/CLinkstr/include"]
    }

    /// Builds `Fixtures/fixture_plugin.c` with the given `-D` defines into `output`.
    public static func plugin(_ output: String, defines: [String] = []) throws -> String {
        try compile(["-shared", "-fPIC", "-fvisibility=hidden"] + defines.map { "-D" + $0 }
            + [pluginFixtures + "/fixture_plugin.c", "-o", output])
        return output
    }

    /// Builds `Fixtures/misbehaving_plugin.c` (a notifier and media provider that misbehaves as its
    /// `behaviour` setting says) with the given id into `output`.
    public static func misbehavingPlugin(_ output: String, id: String = "org.linkstr.test.misbehaving", behaviour: String? = nil) throws -> String {
        try compile(["-shared", "-fPIC", "-fvisibility=hidden", "-pthread", "-DFIXTURE_ID=\"\(id)\""]
            + (behaviour.map { ["-DFIXTURE_BEHAVIOUR=\"\($0)\""] } ?? [])
            + [pluginFixtures + "/misbehaving_plugin.c", "-o", output])
        return output
    }

    /// Builds the example Vimeo plugin (`Plugins/Media/VimeoC`) into `output`.
    public static func vimeoPlugin(_ output: String) throws -> String {
        try compile(["-shared", "-fPIC", "-fvisibility=hidden", repositoryRoot + "/Plugins/Media/VimeoC/vimeo_provider.c", "-o", output])
        return output
    }

    /// The C plugin kit as `make install` puts it into a prefix — the headers, the test harness
    /// library and `linkstr-plugin.pc` — built into `scratch/kit`; returns the pkg-config folder.
    public static func pluginKit(in scratch: TestScratch) throws -> String {
        let prefix = scratch.folder("kit")
        let include = scratch.folder("kit/include/linkstr")
        let lib = scratch.folder("kit/lib/pkgconfig")
        for header in ["Sources/PluginABI/include/linkstr_plugin.h", "Plugins/TestHarness/linkstr_plugin_test.h"] {
            try FileManager.default.copyItem(atPath: repositoryRoot + "/" + header, toPath: include + "/" + URL(fileURLWithPath: header).lastPathComponent)
        }
        let object = prefix + "/lib/linkstr_plugin_test.o"
        try compile(["-fPIC", "-pthread", "-c", repositoryRoot + "/Plugins/TestHarness/linkstr_plugin_test.c", "-o", object])
        let archive = try ProcessRunner.run("/usr/bin/ar", ["rcs", prefix + "/lib/liblinkstr-plugin-test.a", object])
        guard archive.status == 0 else { throw FixtureError(message: "ar failed: \(archive.stderr)") }
        let template = try String(contentsOfFile: repositoryRoot + "/packaging/linkstr-plugin.pc.in", encoding: .utf8)
        try template.replacingOccurrences(of: "@PREFIX@", with: prefix).replacingOccurrences(of: "@VERSION@", with: "0.1.0")
            .write(toFile: lib + "/linkstr-plugin.pc", atomically: true, encoding: .utf8)
        return lib
    }

    /// A folder holding `liblinkstr.so` (the SONAME) pointing at SwiftPM's `libLinkstr.so`.
    public static func libraryFolder(in scratch: TestScratch) throws -> String {
        let folder = scratch.folder("lib")
        try FileManager.default.createSymbolicLink(atPath: folder + "/liblinkstr.so", withDestinationPath: BuildProducts.directory + "/libLinkstr.so")
        return folder
    }

    /// Builds a C program that embeds `liblinkstr.so` from `library` (a `libraryFolder`) into `output`.
    public static func embeddingProgram(_ source: String, _ output: String, library: String) throws -> String {
        try compile([source, "-o", output, "-L", library, "-llinkstr", "-Wl,-rpath," + library, "-pthread"])
        return output
    }

    /// The environment of a program that embeds the library from `library` (a `libraryFolder`):
    /// `LINKSTR_PLUGIN_PATH` names the plugin files of this build (the build folder itself also
    /// holds libLinkstr.so, which is no plugin), and `LINKSTR_LIBRARY` the library for Python.
    public static func embeddingEnvironment(_ scratch: TestScratch, library: String) -> [String: String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: BuildProducts.directory)) ?? []
        let plugins = names.filter { $0.hasPrefix("liblinkstr-plugin-") && $0.hasSuffix(".so") }.sorted()
            .map { BuildProducts.directory + "/" + $0 }
        return [
            "LINKSTR_PLUGIN_PATH": plugins.joined(separator: ":"), "LINKSTR_LIBRARY": library + "/liblinkstr.so", "HOME": scratch.path,
            "PATH": "/usr/bin:/bin", "PYTHONUTF8": "1", "PYTHONDONTWRITEBYTECODE": "1",
        ]
    }

    public static func compile(_ arguments: [String]) throws {
        let result = try ProcessRunner.run("/usr/bin/cc", ["-std=c11", "-O1", "-Wall", "-Werror"] + includeFlags + arguments)
        guard result.status == 0 else {
            throw FixtureError(message: "cc failed (\(result.status)): \(result.stderr)")
        }
    }

    public struct FixtureError: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }
}
