import Foundation
import Testing

/// Compiles C sources of this test target with `cc`, from the ABI headers alone.
enum FixtureBuilder {
    static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }  // Support/ LinkstrHostTests/ Tests/ <root>
        return url.path
    }()

    static var fixturesDirectory: String { repositoryRoot + "/Tests/LinkstrHostTests/Fixtures" }
    static var includeFlags: [String] {
        ["-I", repositoryRoot + "/Sources/PluginABI/include", "-I", repositoryRoot + "/Sources/CLinkstr/include"]
    }

    /// Builds `Fixtures/fixture_plugin.c` with the given `-D` defines into `output`.
    static func plugin(_ output: String, defines: [String] = []) throws -> String {
        try compile(["-shared", "-fPIC", "-fvisibility=hidden"] + defines.map { "-D" + $0 }
            + [fixturesDirectory + "/fixture_plugin.c", "-o", output])
        return output
    }

    /// Builds the example Vimeo plugin (`Plugins/Media/VimeoC`) into `output`.
    static func vimeoPlugin(_ output: String) throws -> String {
        try compile(["-shared", "-fPIC", "-fvisibility=hidden", repositoryRoot + "/Plugins/Media/VimeoC/vimeo_provider.c", "-o", output])
        return output
    }

    static func compile(_ arguments: [String]) throws {
        let result = try ProcessRunner.run("/usr/bin/cc", ["-std=c11", "-O1", "-Wall", "-Werror"] + includeFlags + arguments)
        guard result.status == 0 else {
            throw FixtureError(message: "cc failed (\(result.status)): \(result.stderr)")
        }
    }

    struct FixtureError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
