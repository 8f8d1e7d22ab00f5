import ArgumentParser

struct SignerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "signer", abstract: "linkstr as a bunker: let other Nostr clients sign with this account's key (NIP-46).",
        discussion: """
            Example:
              linkstr signer serve --allow sign_event:1,nip44_encrypt,nip44_decrypt
              linkstr signer clients
              linkstr signer log --json
              linkstr signer forget npub1…
            """,
        subcommands: [SignerServeCommand.self, SignerClientsCommand.self, SignerLogCommand.self, SignerForgetCommand.self])
}
