import LinkstrRuntime

/// Why something the person asked for did not happen, in words a page shows as they are.
struct AppFailure: Error, CustomStringConvertible {
    var description: String
    /// The person can fix it (a malformed URL or key): the form is shown again with it.
    var isBadInput = false
    /// The home has no account yet: the page is onboarding.
    var isMissingAccount = false
    /// The profile is locked: the page is the lock screen.
    var isLocked = false

    init(_ description: String, isBadInput: Bool = false, isMissingAccount: Bool = false, isLocked: Bool = false) {
        self.description = description
        self.isBadInput = isBadInput
        self.isMissingAccount = isMissingAccount
        self.isLocked = isLocked
    }

    /// The one table from the runtime's codes to the page: the caller's mistake shows the form again.
    init(_ error: LinkstrError) {
        self.init(error.description, isBadInput: error.code == .badInput)
    }
}
