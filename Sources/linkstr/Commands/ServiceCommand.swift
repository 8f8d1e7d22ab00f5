import ArgumentParser

/// `linkstr service …`: `linkstr watch` as a `systemd --user` service.
struct ServiceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "service",
        abstract: "Run `linkstr watch` in the background as a systemd user service.",
        discussion: """
            The service restarts on failure and logs to the journal. It runs while you are logged in; \
            `loginctl enable-linger $USER` keeps it running after you log out (for a bot or a server).

            Example:
              linkstr service install --enable
              journalctl --user -u linkstr -f
              linkstr service uninstall
            """,
        subcommands: [ServiceInstallCommand.self, ServiceUninstallCommand.self])
}
