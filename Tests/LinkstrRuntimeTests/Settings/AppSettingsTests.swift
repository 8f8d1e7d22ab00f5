import Foundation
import LinkstrRuntime
import PluginABI
import Testing

/// `[app]`: whether the background service serves the app, and on which port.
@Suite struct AppSettingsTests {
    @Test func theServiceServesTheAppOnlyWhenAsked() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        #expect(try RuntimeSettings.load(path: scratch.write("default.toml", "")).settings.app == AppSettings(serve: false, port: 0))
        let set = try RuntimeSettings.load(path: scratch.write("set.toml", "[app]\nserve = true\nport = 8765\n")).settings.app
        #expect(set == AppSettings(serve: true, port: 8765))
        for (text, reason) in [
            ("[app]\nserve = \"yes\"\n", "'app.serve' must be true or false"),
            ("[app]\nport = 70000\n", "'app.port' must be a port from 1 to 65535"),
            ("[app]\nopen = true\n", "unknown setting 'app.open'; known settings: serve, port"),
            ("app = true\n", "'app' must be a table: [app] with serve = true"),
        ] {
            let error = try #require(throws: ConfigurationError.self) { try RuntimeSettings.load(path: scratch.write("bad.toml", text)) }
            #expect(error.reason == reason, "\(text)")
        }
    }
}
