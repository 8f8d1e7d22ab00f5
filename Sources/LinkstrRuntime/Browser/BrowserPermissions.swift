import LinkstrHost

/// Decides whether a site may do what it requests: the configuration's deny rules, then its allow
/// rules, then what the person decided before, then the person (asked once; the answer is
/// remembered). With no rule, no earlier decision and no way to ask, the request is refused.
public struct BrowserPermissions: Sendable {
    public let settings: BrowserSettings
    public let store: BrowserPermissionStore
    public let prompt: (any BrowserPermissionPrompt)?

    public init(settings: BrowserSettings, store: BrowserPermissionStore, prompt: (any BrowserPermissionPrompt)?) {
        self.settings = settings
        self.store = store
        self.prompt = prompt
    }

    /// Returns when `permission` is granted; throws the reason otherwise.
    public func check(_ permission: BrowserPermission) async throws(BrowserRequestError) {
        let covers = { (rule: BrowserRule) in rule.covers(origin: permission.origin, method: permission.method, kind: permission.kind) }
        if settings.deny.contains(where: covers) {
            throw BrowserRequestError("linkstr refused: a [browser] deny rule in config.toml covers \(permission.rule)")
        }
        if settings.allow.contains(where: covers) { return }
        switch store.decision(for: permission) {
        case .allow: return
        case .deny: throw BrowserRequestError("linkstr refused: you denied \(permission.rule) before")
        case nil: break
        }
        guard let prompt, let answer = await prompt.ask(permission) else {
            throw BrowserRequestError(
                "linkstr refused: \(permission.question), and there is no way to ask you (no desktop notification answered); "
                    + "allow it with allow = [\"\(permission.rule)\"] in the [browser] section of config.toml")
        }
        try store.remember(answer, for: permission)
        if answer == .deny { throw BrowserRequestError("linkstr refused: you denied \(permission.rule)") }
    }
}
