import Foundation
import LinkstrHost

/// What a front end chooses about a runtime, as one value handed to `LinkstrApp`: where its files
/// are, which configuration file and storage backend, and the environment it reads.
public struct RuntimeConfiguration: Sendable {
    /// Everything under this folder (`--home`); nil for `LINKSTR_HOME` or the XDG folders.
    public var home: String?
    /// A config.toml to read instead of the default one (`--config`).
    public var configFile: String?
    /// A storage backend for this launch (`--storage`): `sqlite`, `memory`, `postgresql` or a plugin id.
    public var storage: String?
    /// The profile to act as (`--profile`); nil for the home's active profile.
    public var profile: String?
    /// The environment the runtime reads (`LINKSTR_*`, `XDG_*`, `HOME`, the passphrase sources).
    public var environment: [String: String]
    /// The folder of the `liblinkstr.so` a program embeds, whose `linkstr/plugins` folder holds
    /// plugins too; nil for the command line.
    public var libraryDirectory: String?
    /// Plugins compiled into the program, loaded with the discovered ones.
    public var inProcessPlugins: [InProcessPlugin]
    /// The program and arguments that open a `linkstr://` link in the app (the command line sets
    /// `linkstr app open` with its `--home`, `--config` and `--profile`): a click on a notification opens
    /// its post with it. Nil: the click opens the post's link in the browser.
    public var appCommand: [String]?
    /// Told the URL a remote signer asks the user to open before it answers (an `auth_url` challenge).
    public var onAuthURL: @Sendable (String) -> Void = { _ in }

    public init(
        home: String? = nil, configFile: String? = nil, storage: String? = nil, profile: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment, libraryDirectory: String? = nil,
        inProcessPlugins: [InProcessPlugin] = []
    ) {
        self.home = home
        self.configFile = configFile
        self.storage = storage
        self.profile = profile
        self.environment = environment
        self.libraryDirectory = libraryDirectory
        self.inProcessPlugins = inProcessPlugins
    }
}
