import Foundation

/// Opens the app for the person: a Chromium or Chrome `--app=` window (no tabs, no address bar)
/// when one is installed, else the desktop's browser through `xdg-open`.
public enum AppWindow {
    /// The browsers tried, in order, for an app window.
    static let chromiumNames = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]

    /// Starts the window (not waited for); what opened it, or nil when nothing could.
    public static func open(_ url: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let path = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        func find(_ name: String) -> String? {
            path.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
        }
        if let chromium = chromiumNames.lazy.compactMap(find).first, start(chromium, ["--app=\(url)"]) { return chromium }
        if let opener = find("xdg-open"), start(opener, [url]) { return opener }
        return nil
    }

    private static func start(_ executable: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        // The browser's own chatter is not the app's output (stdout may be --json).
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            return true
        } catch {
            return false
        }
    }
}
