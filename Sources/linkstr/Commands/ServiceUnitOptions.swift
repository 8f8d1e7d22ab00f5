import ArgumentParser

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
