import Foundation
import PluginTesting
import Testing

/// `linkstr desktop install` / `uninstall`: the app's launcher, its metainfo, and the handlers of `linkstr://` and `bunker://` links.
@Suite struct DesktopCommandTests {
    /// XDG folders inside the scratch folder, and a PATH with only update-desktop-database.
    private func environment(_ scratch: TestScratch) throws -> [String: String] {
        [
            "XDG_DATA_HOME": scratch.folder("xdg-data"), "XDG_CONFIG_HOME": scratch.folder("xdg-config"),
            "PATH": try ValidatorTool.pathFolder(in: scratch, with: [ValidatorTool.updateDesktopDatabase]),
        ]
    }

    @Test(
        .enabled(
            if: ValidatorTool.isInstalled(ValidatorTool.desktopFileValidate),
            "desktop-file-validate is not installed (Debian package desktop-file-utils; scripts/bootstrap.sh installs it)"))
    func writesAValidLauncherThatHandlesLinksAndMakesItTheDefault() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let environment = try environment(scratch)
        let home = scratch.folder("a home")
        let result = try ProcessRunner.linkstr(["desktop", "install", "--home", home], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("linkstr://, bunker:// and nostrconnect:// links now open in the app"), "\(result.stdout)")
        let desktopFile = scratch.path + "/xdg-data/applications/linkstr.desktop"
        let text = try String(contentsOfFile: desktopFile, encoding: .utf8)
        // The launcher: shown in the menu, its window recognised by class, a clicked link handed to the app.
        #expect(text.contains("Exec=\(BuildProducts.linkstrExecutable) app open --home \"\(home)\" %u\n"))
        #expect(text.contains("Name=linkstr\n"))
        #expect(text.contains("StartupWMClass=linkstr\n"))
        #expect(text.contains("Categories=Network;Chat;\n"))
        #expect(!text.contains("NoDisplay"))
        #expect(text.contains("MimeType=x-scheme-handler/linkstr;\n"))
        #expect(text.contains("Icon=linkstr\n"))
        // The icon, in the icon theme of the same data folder, is an SVG document.
        let icon = scratch.path + "/xdg-data/icons/hicolor/scalable/apps/linkstr.svg"
        let root = try ProcessRunner.run(
            "/usr/bin/python3", ["-c", "import sys, xml.etree.ElementTree as E; print(E.parse(sys.argv[1]).getroot().tag)", icon])
        #expect(root.stdout == "{http://www.w3.org/2000/svg}svg\n", "\(root.stderr)")

        let validate = try ProcessRunner.run(ValidatorTool.desktopFileValidate, [desktopFile])
        #expect(validate.status == 0, "desktop-file-validate: \(validate.stdout)\(validate.stderr)")
        #expect(validate.stdout.isEmpty && validate.stderr.isEmpty, "desktop-file-validate warned: \(validate.stdout)\(validate.stderr)")

        let mimeApps = try String(contentsOfFile: scratch.path + "/xdg-config/mimeapps.list", encoding: .utf8)
        #expect(
            mimeApps == "[Default Applications]\nx-scheme-handler/linkstr=linkstr.desktop;\n"
                + "x-scheme-handler/bunker=linkstr-signer.desktop;\nx-scheme-handler/nostrconnect=linkstr-signer.desktop;\n")
        if ValidatorTool.isInstalled(ValidatorTool.updateDesktopDatabase) {
            let cache = try String(contentsOfFile: scratch.path + "/xdg-data/applications/mimeinfo.cache", encoding: .utf8)
            #expect(cache.contains("x-scheme-handler/linkstr=linkstr.desktop;"))
            #expect(cache.contains("x-scheme-handler/bunker=linkstr-signer.desktop;"))
        }
    }

    @Test(
        .enabled(
            if: ValidatorTool.isInstalled(ValidatorTool.appstreamcli),
            "appstreamcli is not installed (Debian package appstream; scripts/bootstrap.sh installs it)"))
    func writesAnAppStreamMetainfoFileThatValidates() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let result = try ProcessRunner.linkstr(["desktop", "install", "--json"], environment: try environment(scratch))
        #expect(result.status == 0, "\(result.stderr)")
        let metainfo = scratch.path + "/xdg-data/metainfo/org.linkstr.linkstr.metainfo.xml"
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(object?["metainfo_file"] as? String == metainfo)
        #expect(object?["window_class"] as? String == "linkstr")
        let text = try String(contentsOfFile: metainfo, encoding: .utf8)
        #expect(text.contains("<launchable type=\"desktop-id\">linkstr.desktop</launchable>"))
        // --no-net: the check is of the file, not of the network; any warning or error fails.
        let validate = try ProcessRunner.run(ValidatorTool.appstreamcli, ["validate", "--no-net", "--pedantic", metainfo])
        #expect(validate.status == 0, "appstreamcli validate: \(validate.stdout)\(validate.stderr)")
        #expect(!validate.stdout.contains("W:") && !validate.stdout.contains("E:"), "appstreamcli validate: \(validate.stdout)")
    }

    @Test(
        .enabled(
            if: ValidatorTool.isInstalled(ValidatorTool.desktopFileValidate),
            "desktop-file-validate is not installed (Debian package desktop-file-utils; scripts/bootstrap.sh installs it)"))
    func writesAValidRemoteSignerLinkHandlerThatOpensTheApp() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let home = scratch.folder("a home")
        let result = try ProcessRunner.linkstr(["desktop", "install", "--home", home], environment: try environment(scratch))
        #expect(result.status == 0, "\(result.stderr)")
        let desktopFile = scratch.path + "/xdg-data/applications/linkstr-signer.desktop"
        let text = try String(contentsOfFile: desktopFile, encoding: .utf8)
        #expect(text.contains("Exec=\(BuildProducts.linkstrExecutable) app open --home \"\(home)\" %u\n"))
        #expect(text.contains("Terminal=false\n"))
        #expect(text.contains("StartupWMClass=linkstr\n"))
        #expect(text.contains("MimeType=x-scheme-handler/bunker;x-scheme-handler/nostrconnect;\n"))
        let validate = try ProcessRunner.run(ValidatorTool.desktopFileValidate, [desktopFile])
        #expect(validate.status == 0 && validate.stdout.isEmpty && validate.stderr.isEmpty, "desktop-file-validate: \(validate.stdout)\(validate.stderr)")
    }

    @Test func uninstallKeepsEveryOtherAssociation() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let environment = try environment(scratch)
        let original = """
            # my choices
            [Default Applications]
            text/html=firefox.desktop;
            x-scheme-handler/linkstr=other.desktop;

            [Added Associations]
            image/png=gimp.desktop;

            """
        let listPath = scratch.write("xdg-config/mimeapps.list", original)

        #expect(try ProcessRunner.linkstr(["desktop", "install"], environment: environment).status == 0)
        let installed = try String(contentsOfFile: listPath, encoding: .utf8)
        let replaced = original.replacingOccurrences(of: "linkstr=other.desktop;", with: "linkstr=linkstr.desktop;")
        #expect(
            installed.replacingOccurrences(of: "x-scheme-handler/bunker=linkstr-signer.desktop;\n", with: "")
                .replacingOccurrences(of: "x-scheme-handler/nostrconnect=linkstr-signer.desktop;\n", with: "") == replaced)
        #expect(installed.contains("x-scheme-handler/bunker=linkstr-signer.desktop;\nx-scheme-handler/nostrconnect=linkstr-signer.desktop;\n"))

        let removed = try ProcessRunner.linkstr(["desktop", "uninstall", "--json"], environment: environment)
        #expect(removed.status == 0, "\(removed.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(removed.stdout.utf8)) as? [String: Any]
        #expect(object?["removed"] as? Bool == true)
        #expect(object?["icon_removed"] as? Bool == true)
        #expect(object?["default_removed"] as? Bool == true)
        #expect(object?["signer_link_removed"] as? Bool == true)
        #expect(object?["metainfo_removed"] as? Bool == true)
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/xdg-data/applications/linkstr.desktop"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/xdg-data/applications/linkstr-signer.desktop"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/xdg-data/icons/hicolor/scalable/apps/linkstr.svg"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/xdg-data/metainfo/org.linkstr.linkstr.metainfo.xml"))
        #expect(try String(contentsOfFile: listPath, encoding: .utf8) == original.replacingOccurrences(of: "x-scheme-handler/linkstr=other.desktop;\n", with: ""))

        let again = try ProcessRunner.linkstr(["desktop", "uninstall"], environment: environment)
        #expect(again.status == 0)
        #expect(again.stdout.hasPrefix("nothing to remove"))
    }

    @Test func refusesToRemoveADesktopFileItDidNotWrite() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        _ = scratch.folder("apps")
        let foreign = scratch.write("apps/linkstr.desktop", "[Desktop Entry]\nType=Application\nName=x\nExec=x\n")
        let result = try ProcessRunner.linkstr(["desktop", "uninstall", "--applications-dir", scratch.path + "/apps", "--no-register"])
        #expect(result.status == 1)
        #expect(result.stderr == "linkstr: \(foreign) was not written by `linkstr desktop install`; remove it yourself if you mean to\n")
    }

    @Test func neitherOverwritesNorRemovesAnIconItDidNotWrite() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let applications = scratch.folder("share/applications")
        _ = scratch.folder("share/icons/hicolor/scalable/apps")
        let foreign = "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n"
        let icon = scratch.write("share/icons/hicolor/scalable/apps/linkstr.svg", foreign)
        let options = ["--applications-dir", applications, "--no-register", "--json"]

        let installed = try ProcessRunner.linkstr(["desktop", "install"] + options)
        #expect(installed.status == 0, "\(installed.stderr)")
        #expect(installed.stderr.contains("\(icon) was not written by linkstr; left as it is"), "\(installed.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(installed.stdout.utf8)) as? [String: Any]
        #expect(object?["icon_file"] == nil)
        #expect(try String(contentsOfFile: icon, encoding: .utf8) == foreign)

        let removed = try ProcessRunner.linkstr(["desktop", "uninstall"] + options)
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect((try JSONSerialization.jsonObject(with: Data(removed.stdout.utf8)) as? [String: Any])?["icon_removed"] as? Bool == false)
        #expect(try String(contentsOfFile: icon, encoding: .utf8) == foreign)
    }

    @Test func writesNoIconOutsideADataFolder() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let folder = scratch.folder("handlers")
        let result = try ProcessRunner.linkstr(["desktop", "install", "--applications-dir", folder, "--no-register", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(object?["desktop_file"] as? String == folder + "/linkstr.desktop")
        #expect(object?["icon_file"] == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == ["handlers"])
    }
}
