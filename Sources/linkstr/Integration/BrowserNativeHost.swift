import Foundation
import LinkstrRuntime

/// The files that let a browser start `linkstr browser host`: a launcher script (browsers start a
/// program without arguments of our choosing) and a native-messaging manifest per browser pointing
/// at it.
struct BrowserNativeHost {
    /// The native-messaging host name the extension connects to.
    static let name = "org.linkstr.browser"
    /// The id of the extension in `browser/extension` (fixed by the manifest's `key`).
    static let chromiumExtensionID = "cadkkjeablgnenpdgigdlleebljooikd"
    /// The Firefox add-on id of the same extension (`browser_specific_settings.gecko.id`).
    static let firefoxExtensionID = "browser@linkstr.org"
    /// The description of every manifest linkstr writes; `browser uninstall` removes only those.
    static let description = "linkstr: window.nostr (NIP-07) with your linkstr identity; written by `linkstr browser install`"
    /// The second line of the launcher script linkstr writes.
    static let launcherMarker = "# Written by `linkstr browser install`; `linkstr browser uninstall` removes it."

    /// The absolute path of the `linkstr` program to run.
    var executable: String
    var home: String?
    var configFile: String?

    /// The launcher's text: runs `linkstr browser host` with this home and configuration, passing
    /// what the browser gives.
    var launcherText: String {
        var arguments = [executable, "browser", "host"]
        if let home { arguments += ["--home", home] }
        if let configFile { arguments += ["--config", configFile] }
        return "#!/bin/sh\n\(Self.launcherMarker)\nexec \(arguments.map(Self.shellQuoted).joined(separator: " ")) \"$@\"\n"
    }

    /// The Chromium manifest, allowing the extension `extensionID`.
    static func chromiumManifest(launcher: String, extensionID: String) -> String {
        manifest(launcher: launcher, allowed: ("allowed_origins", "chrome-extension://\(extensionID)/"))
    }

    /// The Firefox manifest, allowing the add-on `extensionID`.
    static func firefoxManifest(launcher: String, extensionID: String) -> String {
        manifest(launcher: launcher, allowed: ("allowed_extensions", extensionID))
    }

    /// Whether `text` is a manifest linkstr wrote.
    static func isOurs(_ text: String) -> Bool {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { return false }
        return object["name"] as? String == name && object["description"] as? String == description
    }

    /// The file name of the manifest in a browser's folder.
    static var manifestFileName: String { name + ".json" }

    /// Where the launcher goes: the home's data folder.
    static func launcherPath(_ paths: LinkstrPaths) -> String {
        paths.dataDirectory + "/browser/linkstr-browser-host"
    }

    /// The decisions a person made on sites' requests (mode 0600), in the home's data folder.
    static func permissionsFile(_ paths: LinkstrPaths) -> String {
        paths.dataDirectory + "/browser-permissions.json"
    }

    private static func manifest(launcher: String, allowed: (key: String, value: String)) -> String {
        let object: [String: Any] = ["name": name, "description": description, "path": launcher, "type": "stdio", allowed.key: [allowed.value]]
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
