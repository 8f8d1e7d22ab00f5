import ArgumentParser
import Foundation
import LinkstrRuntime

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
        subcommands: [Install.self, Uninstall.self])
}

extension ServiceCommand {
    /// `linkstr service install`: writes the `systemd --user` unit that runs `linkstr watch` (with this
    /// command's `--home` / `--config`), reloads systemd and, with `--enable`, starts it.
    struct Install: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "install",
            abstract: "Write a systemd user unit that runs `linkstr watch` (restart on failure, logs to the journal).",
            discussion: """
                The unit runs this linkstr program (or --exec) with the same --home and --config as this \
                command. A key a passphrase protects needs either `linkstr unlock` in each login session \
                (install says so, and "needs_unlock" in --json names those profiles; the service keeps \
                opening your messages after the auto-lock, until `linkstr lock`) or --passphrase-file. \
                Running install again rewrites the unit.

                Example:
                  linkstr service install --home ~/bots/archive --name linkstr-archive --enable
                  linkstr service install --unit-dir /tmp/units --json
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var unit: ServiceUnitOptions

        @Option(help: ArgumentHelp("Run this linkstr program instead of the one running now.", valueName: "path"))
        var exec: String?

        @Option(
            name: .customLong("passphrase-file"),
            help: ArgumentHelp("Unlock an ncryptsec key with the passphrase in this file (LINKSTR_PASSPHRASE_FILE).", valueName: "file"))
        var passphraseFile: String?

        @Flag(help: "Also enable and start the service now (systemctl --user enable --now).")
        var enable = false

        func run() throws {
            let host = try global.openHost()
            let path = try unit.unitPath()
            let executable = try RunningExecutable.path(override: exec)
            guard FileManager.default.isExecutableFile(atPath: executable) else {
                throw CLIFailure(.usage, "\(executable) is not an executable file; pass the linkstr program with --exec")
            }
            var passphrase: String?
            if let passphraseFile {
                passphrase = IntegrationFile.absolute(passphraseFile)
                guard FileManager.default.isReadableFile(atPath: passphrase!) else {
                    throw CLIFailure(.usage, "cannot read the passphrase file \(passphrase!)")
                }
                do {
                    try PassphraseSource.checkPrivate(passphrase!)
                } catch {
                    throw CLIFailure(.usage, error.description)
                }
            }
            if enable && !unit.isSystemdFolder {
                throw CLIFailure(.usage, "--enable needs the unit where systemd looks for it; leave out --unit-dir")
            }
            let unitFile = SystemdUserUnit(
                name: unit.name, executable: executable, home: host.paths.home, configFile: global.config.map { _ in host.paths.configFile },
                passphraseFile: passphrase)
            try IntegrationFile.write(unitFile.text, to: path)

            var reloaded = false
            var enabled = false
            if unit.isSystemdFolder, let systemctl = HelperProgram("systemctl") {
                let reload = systemctl.run(["--user", "daemon-reload"])
                reloaded = reload.succeeded
                if !reload.succeeded && !enable {
                    Terminal.say("note: `systemctl --user daemon-reload` failed (\(reload.output)); it runs by itself at your next login")
                }
                if enable {
                    let arguments = ["--user", "enable", "--now", unitFile.fileName]
                    let outcome = systemctl.run(arguments)
                    guard outcome.succeeded else {
                        throw CLIFailure(
                            .failed,
                            "wrote \(path), but `\(systemctl.commandLine(arguments))` failed: \(outcome.output.isEmpty ? "status \(outcome.status)" : outcome.output)")
                    }
                    enabled = true
                }
            } else if enable {
                throw CLIFailure(.failed, "wrote \(path), but systemctl is not installed, so the service cannot be started")
            }

            let needsUnlock = try passphrase == nil ? Self.protectedProfiles(global.accounts()) : []
            if global.json {
                Terminal.printJSON(
                    Record(unit: path, name: unitFile.fileName, execStart: unitFile.arguments, reloaded: reloaded, enabled: enabled, needsUnlock: needsUnlock))
                return
            }
            if !needsUnlock.isEmpty {
                Terminal.say(
                    "note: a passphrase protects the key of \(needsUnlock.map { "'\($0)'" }.joined(separator: ", ")), and the service has none: "
                        + "it opens your messages only after `linkstr unlock` in your login session. The auto-lock does not stop it; `linkstr lock` "
                        + "does (what arrives then waits, and a notification says how many). To run it without unlocking, install it with --passphrase-file FILE")
            }
            var text = "wrote \(path)\n"
            text += enabled ? "started: \(unitFile.fileName) (enabled at login)\n" : "start it: systemctl --user enable --now \(unitFile.fileName)\n"
            text += "logs:     journalctl --user -u \(unitFile.name) -f\n"
            Terminal.write(text)
        }

        /// The names of the profiles a passphrase protects (those the service cannot open by itself).
        private static func protectedProfiles(_ accounts: AccountManager) -> [String] {
            ((try? accounts.profileList().profiles) ?? []).filter(accounts.isProtected).map(\.name)
        }
    }
}

extension ServiceCommand {
    /// `linkstr service uninstall`: stops and disables the unit `service install` wrote, then removes it.
    /// A unit linkstr did not write is left alone.
    struct Uninstall: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "uninstall",
            abstract: "Stop, disable and remove the systemd user unit written by `linkstr service install`.",
            discussion: """
                Nothing to remove is not an error. A unit file that linkstr did not write is refused.

                Example:
                  linkstr service uninstall --name linkstr-archive
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var unit: ServiceUnitOptions

        func run() throws {
            let path = try unit.unitPath()
            guard let text = try IntegrationFile.read(path) else {
                if global.json {
                    Terminal.printJSON(Record(unit: path, removed: false))
                } else {
                    Terminal.write("nothing to remove: there is no \(path)\n")
                }
                return
            }
            guard text.hasPrefix(SystemdUserUnit.marker) else {
                throw CLIFailure(.failed, "\(path) was not written by `linkstr service install`; remove it yourself if you mean to")
            }
            let systemctl = unit.isSystemdFolder ? HelperProgram("systemctl") : nil
            if let systemctl {
                // Fails harmlessly when the service was never enabled or no user manager is running.
                _ = systemctl.run(["--user", "disable", "--now", unit.name + ".service"])
            }
            try IntegrationFile.remove(path)
            if let systemctl { _ = systemctl.run(["--user", "daemon-reload"]) }
            if global.json {
                Terminal.printJSON(Record(unit: path, removed: true))
            } else {
                Terminal.write("removed \(path)\n")
            }
        }
    }
}

/// Where the unit goes and what it is called: shared by `service install` and `service uninstall`.
struct ServiceUnitOptions: ParsableArguments {
    @Option(
        name: .customLong("unit-dir"),
        help: ArgumentHelp("Write the unit into this folder instead of $XDG_CONFIG_HOME/systemd/user (~/.config/systemd/user).", valueName: "dir"))
    var unitDirectory: String?

    @Option(help: ArgumentHelp("The unit's name, for several services side by side (one per --home).", valueName: "name"))
    var name = "linkstr"

    /// Whether the unit lives where `systemctl --user` finds it, so systemctl is worth calling.
    var isSystemdFolder: Bool { unitDirectory == nil }

    /// The unit file's path; a bad name is a usage error.
    func unitPath() throws(CLIFailure) -> String {
        guard SystemdUserUnit.isValidName(name) else {
            throw CLIFailure(.usage, "'\(name)' is not a valid unit name; use letters, digits, '-', '_', '.' or ':'")
        }
        let folder = unitDirectory.map(IntegrationFile.absolute) ?? UserDirectories().systemdUserUnits
        return folder + "/" + name + ".service"
    }
}

extension ServiceCommand.Install {
    /// `{"unit","name","exec_start","enabled","reloaded","needs_unlock"}`.
    struct Record: Encodable {
        let unit: String
        let name: String
        let execStart: [String]
        let reloaded: Bool
        let enabled: Bool
        /// The profiles whose key needs `linkstr unlock` in each login session.
        let needsUnlock: [String]

        enum CodingKeys: String, CodingKey {
            case unit, name, reloaded, enabled
            case execStart = "exec_start"
            case needsUnlock = "needs_unlock"
        }
    }
}

extension ServiceCommand.Uninstall {
    /// `{"unit","removed"}`.
    struct Record: Encodable {
        let unit: String
        let removed: Bool
    }
}
