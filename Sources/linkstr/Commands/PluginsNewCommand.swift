import ArgumentParser
import Foundation

/// `linkstr plugins new media|notifier|storage NAME`: writes a C plugin skeleton that compiles and
/// whose unit test passes.
struct PluginsNewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Write a C plugin skeleton: the plugin, its unit test on the C test harness, a Makefile and a README.",
        discussion: """
            Writes DIR/NAME/ (DIR is the current folder unless --dir says otherwise) with NAME.c, test_NAME.c,
            a Makefile (`make test` builds and runs the unit test, `make` the plugin, `make install` puts it
            where linkstr finds it; both use `pkg-config linkstr-plugin`) and a README. The media provider
            claims https://NAME.example/ links, the notifier writes each notification to linkstr's log, the
            storage skeleton opens and answers LKH_E_UNSUPPORTED elsewhere. Refuses to write into a folder
            that exists.

            Example:
              linkstr plugins new notifier pushover --dir ~/src
              cd ~/src/pushover && make test && make install
            """)

    @Argument(help: ArgumentHelp("What the plugin provides: media, notifier or storage.", valueName: "kind"))
    var kind: String

    @Argument(help: "The plugin's name: lowercase letters, digits and dashes.")
    var name: String

    @Option(help: ArgumentHelp("Where the plugin's folder goes (default: the current folder).", valueName: "dir"))
    var dir: String = "."

    @Option(help: ArgumentHelp("The plugin id (default org.example.NAME).", valueName: "id"))
    var id: String?

    func run() throws {
        guard let kind = PluginTemplate.Kind(rawValue: kind) else {
            throw CLIFailure(.usage, "'\(self.kind)' is not a kind of plugin; use media, notifier or storage")
        }
        guard PluginTemplate.isValidName(name) else {
            throw CLIFailure(.usage, "'\(name)' cannot name a plugin; use lowercase letters, digits and dashes, starting with a letter")
        }
        let template = PluginTemplate(kind: kind, name: name, id: id ?? "org.example.\(name)")
        let folder = (dir as NSString).expandingTildeInPath + "/" + name
        guard !FileManager.default.fileExists(atPath: folder) else {
            throw CLIFailure(.failed, "\(folder) exists already; choose another name or --dir")
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for file in template.files {
                try file.text.write(toFile: folder + "/" + file.name, atomically: true, encoding: .utf8)
            }
        } catch {
            throw CLIFailure(.failed, "cannot write the plugin into \(folder): \(error.localizedDescription)")
        }
        Terminal.write("wrote \(folder): \(template.files.map(\.name).joined(separator: ", "))\nnext: cd \(folder) && make test\n")
    }
}
