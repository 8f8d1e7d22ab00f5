import Foundation
import Testing

/// `linkstr plugins new`: each skeleton compiles with `pkg-config linkstr-plugin`, its unit test on
/// the C harness passes, and the plugin it builds loads (and, for a media provider and a notifier,
/// passes `plugins validate`).
@Suite struct PluginsNewTests {
    @Test(arguments: ["media", "notifier", "storage"])
    func writesASkeletonThatBuildsAndWhoseTestPasses(kind: String) throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let pkgConfig = try FixtureBuilder.pluginKit(in: scratch)
        let projects = scratch.folder("projects")
        let name = "hello-\(kind)"
        let created = try ProcessRunner.linkstr(["plugins", "new", kind, name, "--dir", projects])
        #expect(created.status == 0, "\(created.stderr)")
        let folder = projects + "/" + name
        #expect(created.stdout.hasPrefix("wrote \(folder): \(name).c, test_\(name).c, Makefile, README.md\n"), "\(created.stdout)")

        let environment = ["PATH": "/usr/bin:/bin", "PKG_CONFIG_PATH": pkgConfig, "HOME": scratch.path]
        let test = try ProcessRunner.run("/usr/bin/make", ["-C", folder, "--no-print-directory", "test"], environment: environment)
        #expect(test.status == 0, "make test: \(test.stdout)\(test.stderr)")
        #expect(test.stdout.contains(" checks, 0 failed\n"), "\(test.stdout)")

        let build = try ProcessRunner.run("/usr/bin/make", ["-C", folder, "--no-print-directory"], environment: environment)
        #expect(build.status == 0, "make: \(build.stdout)\(build.stderr)")
        let library = folder + "/liblinkstr-plugin-\(name).so"
        let check = try ProcessRunner.linkstr(["plugins", "check", library, "--home", scratch.folder("home")])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("org.example.\(name)"))
        if kind != "storage" {
            let validate = try ProcessRunner.linkstr(["plugins", "validate", library, "--call-timeout", "2", "--home", scratch.folder("home")])
            #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        }
    }

    @Test func takesThePluginIDFromDashDashID() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let created = try ProcessRunner.linkstr(["plugins", "new", "notifier", "pager", "--id", "com.example.notify.pager", "--dir", scratch.path])
        #expect(created.status == 0, "\(created.stderr)")
        let source = try String(contentsOfFile: scratch.path + "/pager/pager.c", encoding: .utf8)
        #expect(source.contains("#define PLUGIN_ID \"com.example.notify.pager\"\n"))
        let readme = try String(contentsOfFile: scratch.path + "/pager/README.md", encoding: .utf8)
        #expect(readme.contains("`[plugins.\"com.example.notify.pager\"]`"))
    }

    @Test func refusesAnUnknownKindABadNameAndAnExistingFolder() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let kind = try ProcessRunner.linkstr(["plugins", "new", "transport", "x", "--dir", scratch.path])
        #expect(kind.status == 2 && kind.stderr.contains("'transport' is not a kind of plugin; use media, notifier or storage"), "\(kind.stderr)")
        let name = try ProcessRunner.linkstr(["plugins", "new", "media", "Bad_Name", "--dir", scratch.path])
        #expect(name.status == 2 && name.stderr.contains("'Bad_Name' cannot name a plugin"), "\(name.stderr)")
        _ = scratch.folder("taken")
        let taken = try ProcessRunner.linkstr(["plugins", "new", "media", "taken", "--dir", scratch.path])
        #expect(taken.status == 1 && taken.stderr.contains("\(scratch.path)/taken exists already"), "\(taken.stderr)")
    }
}
