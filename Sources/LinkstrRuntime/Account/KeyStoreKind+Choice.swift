extension KeyStoreKind {
    /// The key store a person named: `secret-service`, `ncryptsec` or `plain`; anything else is bad input.
    public init(choice: String) throws(LinkstrError) {
        guard let kind = KeyStoreKind(rawValue: choice) else {
            throw LinkstrError(.badInput, "unknown key store '\(choice)'; use secret-service, ncryptsec or plain")
        }
        self = kind
    }
}
