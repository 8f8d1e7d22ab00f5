import LinkstrHost

/// Decides whether a site may do what it requests as a profile: the configuration's deny rules,
/// then its allow rules (those for every profile and the profile's own), then what the person
/// decided before as that profile, then the person (asked once; the answer is remembered unless it was "allow once"). With no
/// rule, no earlier decision and no way to ask, the request is refused; the ``BrowserPromptGate``
/// keeps one site from asking more than one question at a time, or again soon after an
/// unanswered one.
public struct BrowserPermissions: Sendable {
    public let settings: BrowserSettings
    public let store: BrowserPermissionStore
    public let prompt: (any BrowserPermissionPrompt)?
    public let gate: BrowserPromptGate

    public init(settings: BrowserSettings, store: BrowserPermissionStore, prompt: (any BrowserPermissionPrompt)?, gate: BrowserPromptGate = BrowserPromptGate()) {
        self.settings = settings
        self.store = store
        self.prompt = prompt
        self.gate = gate
    }

    /// Returns when `permission` is granted; throws the reason otherwise.
    public func check(_ permission: BrowserPermission) async throws(BrowserRequestError) {
        let rules = settings.rules(for: permission.profileName)
        let covers = { (rule: BrowserRule) in rule.covers(origin: permission.origin, method: permission.method, kind: permission.kind) }
        if rules.deny.contains(where: covers) {
            throw BrowserRequestError("linkstr refused: a [browser] deny rule in config.toml covers \(permission.rule)")
        }
        if rules.allow.contains(where: covers) { return }
        switch store.decision(for: permission) {
        case .allow: return
        case .deny: throw BrowserRequestError("linkstr refused: you denied \(permission.rule) before")
        case nil: break
        }
        let allowIt = "allow it with allow = [\"\(permission.rule)\"] in the \(permission.profileSection) section of config.toml"
        if let busy = gate.begin(permission.origin) {
            throw BrowserRequestError("linkstr refused: \(permission.question), and \(busy); \(allowIt)")
        }
        let answer = await prompt?.ask(permission)
        gate.finish(permission.origin, answered: answer != nil)
        guard let answer else {
            throw BrowserRequestError(
                "linkstr refused: \(permission.question), and there is no way to ask you (no desktop notification answered); \(allowIt)")
        }
        if answer.isRemembered { try store.remember(answer.decision, for: permission) }
        if answer == .deny { throw BrowserRequestError("linkstr refused: you denied \(permission.rule)") }
    }
}
