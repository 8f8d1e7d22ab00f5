import NostrCore

/// What a person confirms before linkstr connects to a remote signer, in the words every front end
/// shows (the terminal's question, the app's confirmation page).
extension BunkerLink {
    /// The signer (npub), its relays and whether the link carries a secret, one line each:
    /// `Connect to the remote signer npub1…`, `  relays: wss://…`, `  secret: present`.
    public var confirmation: String {
        """
        Connect to the remote signer \(signer.npub)
          relays: \(relays.joined(separator: ", "))
          secret: \(secret == nil ? "none" : "present")
        """
    }
}

extension RemoteSignerLink {
    /// The signer as people see it: its npub (its hex when that is not a key).
    public var signerNpub: String {
        (try? PublicKey(hex: signer))?.npub ?? signer
    }

    /// What replacing this, an account's signer, by `signer` means, before the person is asked.
    public func replacement(by signer: PublicKey) -> String {
        """
        This account's signer is \(signerNpub)
          relays: \(relays.joined(separator: ", "))
        The link's signer \(signer.npub) would replace it: from then on it signs and decrypts everything of this account.
        """
    }

    /// The answer when the person keeps the account's signer.
    public var keptSigner: String {
        "nothing was changed: the account keeps its signer \(signerNpub)"
    }
}
