import Foundation
import LinkstrProcess

/// Opens the app for the person: a Chromium or Chrome `--app=` window (no tabs, no address bar)
/// when one is installed, else the desktop's browser through `xdg-open`.
///
/// The window has the class `linkstr` (the launcher's `StartupWMClass`, so the desktop groups it
/// under linkstr's icon) and, given a profile folder, a browser profile of its own: Chromium then
/// runs it as a process of its own (a running browser would otherwise take the window over, with
/// its own class), and the app's session cookie never mixes with the person's browsing.
public enum AppWindow {
    /// The browsers tried, in order, for an app window.
    static let chromiumNames = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]
    /// The window class (X11 `WM_CLASS`, Wayland app id) of the app's window.
    public static let windowClass = "linkstr"

    /// The Chromium arguments of an app window on `url`.
    static func chromiumArguments(_ url: String, profile: String?) -> [String] {
        ["--app=\(url)", "--class=\(windowClass)"]
            + (profile.map { ["--user-data-dir=\($0)", "--no-first-run", "--no-default-browser-check"] } ?? [])
    }

    /// Starts the window (not waited for); what opened it, or nil when nothing could.
    /// - Parameter profile: the folder of the window's own browser profile; nil for the browser's default.
    public static func open(_ url: String, profile: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let path = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        func find(_ name: String) -> String? {
            path.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
        }
        if let chromium = chromiumNames.lazy.compactMap(find).first, start(chromium, chromiumArguments(url, profile: profile)) { return chromium }
        if let opener = find("xdg-open"), start(opener, [url]) { return opener }
        return nil
    }

    /// Started detached (stdin, stdout and stderr on /dev/null: the browser's chatter is not the
    /// app's output, which may be --json; a process group of its own), and reaped when it ends.
    private static func start(_ executable: String, _ arguments: [String]) -> Bool {
        guard case .success(let pid) = DetachedProcess.spawn(executable, arguments) else { return false }
        DetachedProcess.reapWhenEnded(pid)
        return true
    }
}
