/// The `[app]` section of `config.toml`: the background service (`linkstr watch`) also serves the app.
///
/// ```toml
/// [app]
/// serve = true     # the service serves the app; `linkstr app` only opens a window on it
/// port = 8765      # its port at 127.0.0.1 (default: a free one, written to the app's URL file)
/// ```
public struct AppSettings: Equatable, Sendable {
    public var serve = false
    /// 0: a free port.
    public var port = 0

    public init(serve: Bool = false, port: Int = 0) {
        self.serve = serve
        self.port = port
    }

    /// The setting names `[app]` may use.
    public static let knownKeys = ["serve", "port"]
}
