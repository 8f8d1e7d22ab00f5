import ArgumentParser
import Foundation

/// `linkstr service uninstall`: stops and disables the unit `service install` wrote, then removes it.
/// A unit linkstr did not write is left alone.
struct ServiceUninstallCommand: ParsableCommand {
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
                Terminal.printJSON(["unit": path, "removed": false])
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
            Terminal.printJSON(["unit": path, "removed": true])
        } else {
            Terminal.write("removed \(path)\n")
        }
    }
}
