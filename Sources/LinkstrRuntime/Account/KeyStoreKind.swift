/// Where an account's secret key is kept (never in the clear by default).
public enum KeyStoreKind: String, Codable, Sendable, CaseIterable {
    /// The desktop's Secret Service (GNOME Keyring, KeePassXC…) through `secret-tool`, the secret
    /// passed on stdin, never on the command line.
    case secretService = "secret-service"
    /// A NIP-49 `ncryptsec` file (mode 0600), unlocked with a passphrase.
    case ncryptsec
    /// A plain `nsec` file (mode 0600): only on explicit request, for bots and tests.
    case plain
}

extension KeyStoreKind {
    /// The key store a person named: `secret-service`, `ncryptsec` or `plain`; anything else is bad input.
    public init(choice: String) throws(LinkstrError) {
        guard let kind = KeyStoreKind(rawValue: choice) else {
            throw LinkstrError(.badInput, "unknown key store '\(choice)'; use secret-service, ncryptsec or plain")
        }
        self = kind
    }
}
