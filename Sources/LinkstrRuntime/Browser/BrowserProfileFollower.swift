import LinkstrHost

/// The account the browser helper answers as. At each request it reads which profile is selected
/// — the home's active one, or the one `--profile` names — and when that is not the profile it
/// answered as before, it closes that account and opens the selected one: a helper that keeps
/// running across `linkstr profile use` never signs as the profile that was left. A profile whose
/// passphrase-protected key the unlock agent does not hold is refused, saying to unlock.
public actor BrowserProfileFollower {
    private let configuration: RuntimeConfiguration
    private let accounts: AccountManager
    private let onSwitch: @Sendable (HomeProfile) -> Void
    private var opened: (profile: HomeProfile, app: LinkstrApp, account: OpenedAccount)?

    /// - Parameters:
    ///   - accounts: the home's profiles, as `configuration` selects them.
    ///   - onSwitch: told the profile it answers as from now on, when another one was answering before.
    public init(configuration: RuntimeConfiguration, accounts: AccountManager, onSwitch: @escaping @Sendable (HomeProfile) -> Void = { _ in }) {
        self.configuration = configuration
        self.accounts = accounts
        self.onSwitch = onSwitch
    }

    /// The selected profile's account, opened on first use.
    public func current() async throws(BrowserRequestError) -> BrowserAccount {
        let profile: HomeProfile
        do {
            profile = try accounts.requireProfile()
        } catch {
            throw BrowserRequestError(error.description)
        }
        guard !accounts.isLocked(profile) else {
            throw BrowserRequestError("linkstr profile '\(profile.name)' is locked; run `linkstr unlock` to use it in the browser")
        }
        if let opened, opened.profile.id == profile.id {
            return Self.account(profile, opened.account)
        }
        // Nothing awaits until `opened` is set: requests answered side by side never open twice.
        var selecting = configuration
        selecting.profile = profile.name
        let app = LinkstrApp(selecting)
        let account: OpenedAccount
        do {
            account = try app.account()
        } catch {
            await app.close()
            throw BrowserRequestError(error.description)
        }
        // A switch between reading the list and opening: answer nothing rather than the wrong key.
        guard account.runtime.me.hex == profile.account.pubkey else {
            await app.close()
            throw BrowserRequestError("the active linkstr profile changed while this request was answered; send it again")
        }
        let previous = opened
        opened = (profile, app, account)
        if let previous {
            onSwitch(profile)
            await previous.app.close()
        }
        return Self.account(profile, account)
    }

    /// Closes the account it answers as.
    public func close() async {
        await opened?.app.close()
        opened = nil
    }

    private static func account(_ profile: HomeProfile, _ opened: OpenedAccount) -> BrowserAccount {
        BrowserAccount(profile: profile.id, profileName: profile.name, signer: opened.runtime.signer, relays: opened.runtime.relays)
    }
}
