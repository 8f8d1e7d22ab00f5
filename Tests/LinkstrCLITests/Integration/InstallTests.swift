import Foundation
import PluginTesting
import Testing

/// `make install` / `make uninstall` into a temporary prefix, from this build's products (BUILD=0,
/// so the test builds nothing): the installed program finds the installed plugins, a C program
/// builds against the installed library with pkg-config, examples/feed.c builds with pkg-config alone
/// and posts from a new home, the installed files pass their validators, and uninstall leaves no
/// file behind.
@Suite(.serialized) struct InstallTests {
    /// The plugin products of Package.swift, as `make install` finds them.
    static let pluginFiles = [
        "sqlite", "memory", "postgresql", "media", "media-generic", "notify-desktop", "notify-http", "notify-command", "relay-pool",
    ].map { "liblinkstr-plugin-\($0).so" }

    static let toolsPresent = ["/usr/bin/make", "/usr/bin/patchelf", "/usr/bin/pkg-config"].allSatisfy(ValidatorTool.isInstalled)

    /// Runs make in the repository with a plain environment.
    private func make(_ target: String, prefix: String) throws -> ProcessRunner.Result {
        try ProcessRunner.run(
            "/usr/bin/make",
            ["-C", FixtureBuilder.repositoryRoot, "--no-print-directory", target, "PREFIX=\(prefix)", "CONFIG=debug", "BUILD=0", "BUILD_DIR=\(BuildProducts.directory)"],
            environment: ["PATH": "/usr/bin:/bin", "HOME": prefix])
    }

    /// Every file (not folder) under `folder`, relative to it.
    private func files(under folder: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder)
        var found: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                found.append(path)
            }
        }
        return found.sorted()
    }

    @Test(
        .enabled(
            if: toolsPresent,
            "make, patchelf or pkg-config is not installed (Debian packages make patchelf pkg-config; scripts/bootstrap.sh installs them)"),
        .enabled(
            if: ValidatorTool.isInstalled(BuildProducts.directory + "/generate-manual"),
            "the man-page generator is not built: run `swift build --product generate-manual` (scripts/test-all.sh does)"))
    func installsAWorkingTreeAndUninstallsIt() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        defer { relay.process.kill() }
        let prefix = scratch.path + "/prefix"
        let install = try make("install", prefix: prefix)
        #expect(install.status == 0, "make install failed:\n\(install.stdout)\(install.stderr)")
        guard install.status == 0 else { return }

        let installed = files(under: prefix)
        let expected = [
            "bin/linkstr", "bin/linkstr-demo", "bin/linkstr-storage-conformance", "lib/liblinkstr.so", "lib/pkgconfig/linkstr.pc", "include/linkstr/linkstr.h", "include/linkstr/linkstr_plugin.h",
            "include/linkstr/linkstr_plugin_test.h", "lib/liblinkstr-plugin-test.a", "lib/pkgconfig/linkstr-plugin.pc",
            "lib/linkstr/swift/libswiftCore.so", "share/man/man1/linkstr.1", "share/bash-completion/completions/linkstr",
            "share/zsh/site-functions/_linkstr", "share/fish/vendor_completions.d/linkstr.fish", "share/applications/linkstr.desktop",
            "share/icons/hicolor/scalable/apps/linkstr.svg", "share/metainfo/org.linkstr.linkstr.metainfo.xml",
        ] + Self.pluginFiles.map { "lib/linkstr/plugins/" + $0 }
        for path in expected {
            #expect(installed.contains(path), "make install did not install \(path)")
        }

        // The installed program and library use the bundled Swift runtime, not the toolchain's.
        for binary in ["bin/linkstr", "bin/linkstr-demo", "bin/linkstr-storage-conformance", "lib/liblinkstr.so", "lib/linkstr/plugins/liblinkstr-plugin-sqlite.so"] {
            let ldd = try ProcessRunner.run("/usr/bin/ldd", [prefix + "/" + binary], environment: ["PATH": "/usr/bin:/bin"])
            #expect(!ldd.stdout.contains("not found"), "\(binary): \(ldd.stdout)")
            let core = ldd.stdout.split(separator: "\n").first { $0.contains("libswiftCore.so =>") }
                .flatMap { $0.split(separator: " ").dropFirst(2).first }
                .map { URL(fileURLWithPath: String($0)).standardizedFileURL.path }
            #expect(core == "\(prefix)/lib/linkstr/swift/libswiftCore.so", "\(binary): \(ldd.stdout)")
        }

        // Where the machine lets root hide the toolchain in a private mount namespace, the installed
        // program still runs without it.
        if let toolchain = ["/opt/swift", "/usr/share/swift"].first(where: { FileManager.default.fileExists(atPath: $0 + "/usr/lib/swift/linux/libswiftCore.so") }),
            getuid() == 0, ValidatorTool.isInstalled("/usr/bin/unshare"),
            (try? ProcessRunner.run("/usr/bin/unshare", ["-m", "/bin/true"]))?.status == 0
        {
            let hidden = try ProcessRunner.run(
                "/usr/bin/unshare",
                ["-m", "/bin/sh", "-c", "mount -t tmpfs none \(toolchain) && exec \(prefix)/bin/linkstr --version"],
                environment: ["PATH": "/usr/bin:/bin"])
            #expect(hidden.status == 0 && hidden.stdout == "0.1.0\n", "with \(toolchain) hidden: \(hidden.stdout)\(hidden.stderr)")
        }

        // The installed program finds every installed plugin, without LINKSTR_PLUGIN_PATH.
        let environment = ["PATH": "/usr/bin:/bin", "HOME": scratch.path]
        let plugins = try ProcessRunner.run(prefix + "/bin/linkstr", ["plugins", "--json", "--home", scratch.folder("home")], environment: environment)
        #expect(plugins.status == 0, "\(plugins.stderr)")
        let loaded = (try JSONSerialization.jsonObject(with: Data(plugins.stdout.utf8)) as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
        #expect(Set(Self.pluginFiles.map { "\(prefix)/lib/linkstr/plugins/\($0)" }).isSubset(of: Set(loaded)), "loaded: \(loaded)\n\(plugins.stderr)")

        // The installed program runs the programs installed beside it.
        let conformance = try ProcessRunner.run(
            prefix + "/bin/linkstr", ["plugins", "conformance", prefix + "/lib/linkstr/plugins/liblinkstr-plugin-memory.so", "--json", "--home", scratch.folder("home")],
            environment: environment)
        #expect(conformance.status == 0, "\(conformance.stdout)\(conformance.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(conformance.stdout.utf8)) as? [String: Any]
        #expect(report?["passed"] as? Bool == true, "\(conformance.stdout)")
        let demo = try ProcessRunner.run(prefix + "/bin/linkstr", ["demo", "--venv", scratch.path + "/no-venv"], environment: environment)
        #expect(demo.status == 1 && demo.stderr.hasPrefix("linkstr: --venv \(scratch.path)/no-venv has no bin/python"), "\(demo.stderr)")

        // pkg-config builds a C program against the installed library, which finds the plugins beside it.
        let pkgConfig = ["PKG_CONFIG_PATH": prefix + "/lib/pkgconfig", "PATH": "/usr/bin:/bin"]
        let version = try ProcessRunner.run("/usr/bin/pkg-config", ["--modversion", "linkstr"], environment: pkgConfig)
        #expect(version.stdout == "0.1.0\n", "\(version.stderr)")
        let flags = try ProcessRunner.run("/usr/bin/pkg-config", ["--cflags", "--libs", "linkstr"], environment: pkgConfig)
        #expect(flags.status == 0, "\(flags.stderr)")
        #expect(flags.stdout.contains("-I\(prefix)/include/linkstr") && flags.stdout.contains("-llinkstr"))
        let program = scratch.file("installed_embed")
        let compile = try ProcessRunner.run(
            "/usr/bin/cc",
            ["-std=c11", "-Wall", "-Werror", FixtureBuilder.fixturesDirectory + "/installed_embed.c", "-o", program]
                + flags.stdout.split(whereSeparator: \.isWhitespace).map(String.init) + ["-Wl,-rpath,\(prefix)/lib"],
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(compile.status == 0, "cc: \(compile.stderr)")
        let run = try ProcessRunner.run(program, [scratch.folder("embed-home"), "https://youtu.be/dQw4w9WgXcQ"], environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains("\"path\":\"\(prefix)/lib/linkstr/plugins/liblinkstr-plugin-media.so\"") == true, "\(run.stdout)")
        #expect(lines.last?.contains("\"provider\":\"youtube\"") == true, "\(run.stdout)\(run.stderr)")

        // examples/feed.c, built with pkg-config's flags and nothing else, on a new home with no
        // terminal and no keyring: it creates the account (FEED_KEY_STORE unset: plain), posts, and
        // prints the feed.
        let feed = scratch.file("feed")
        let compileFeed = try ProcessRunner.run(
            "/usr/bin/cc", [FixtureBuilder.repositoryRoot + "/examples/feed.c", "-o", feed] + flags.stdout.split(whereSeparator: \.isWhitespace).map(String.init),
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(compileFeed.status == 0, "cc: \(compileFeed.stderr)")
        let feedHome = scratch.folder("feed-home")
        _ = scratch.write("feed-home/config.toml", "relays = [\"\(relay.url)\"]\n")
        let posted = try ProcessRunner.run(feed, [feedHome, "https://youtu.be/dQw4w9WgXcQ", "the classic"], environment: environment)
        #expect(posted.status == 0, "\(posted.stderr)")
        #expect(posted.stderr.contains("\"key_store\":\"plain\""), "\(posted.stderr)")
        #expect(posted.stdout.contains("https://youtu.be/dQw4w9WgXcQ") && posted.stdout.contains("the classic"), "\(posted.stdout)")

        // A C plugin's unit test builds with `pkg-config linkstr-plugin` alone: the C notifier sample
        // and its test on the installed harness.
        let pluginFlags = try ProcessRunner.run("/usr/bin/pkg-config", ["--cflags", "--libs", "linkstr-plugin"], environment: pkgConfig)
        #expect(pluginFlags.status == 0, "\(pluginFlags.stderr)")
        let sample = FixtureBuilder.repositoryRoot + "/Plugins/Notify/CFile"
        let unitTest = scratch.file("test_file_notifier")
        let compileTest = try ProcessRunner.run(
            "/usr/bin/cc",
            ["-std=c11", "-Wall", "-Werror", sample + "/file_notifier.c", sample + "/test_file_notifier.c", "-o", unitTest]
                + pluginFlags.stdout.split(whereSeparator: \.isWhitespace).map(String.init),
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(compileTest.status == 0, "cc: \(compileTest.stderr)")
        let unitRun = try ProcessRunner.run(unitTest, [], environment: environment)
        #expect(unitRun.status == 0 && unitRun.stdout.hasSuffix(" checks, 0 failed\n"), "\(unitRun.stdout)\(unitRun.stderr)")

        // Completions, man page and desktop file.
        for completion in ["share/bash-completion/completions/linkstr", "share/zsh/site-functions/_linkstr", "share/fish/vendor_completions.d/linkstr.fish"] {
            let text = (try? String(contentsOfFile: prefix + "/" + completion, encoding: .utf8)) ?? ""
            #expect(text.contains("service") && text.contains("desktop") && text.contains("plugins"), "\(completion) lacks subcommands")
        }
        let manual = (try? String(contentsOfFile: prefix + "/share/man/man1/linkstr.1", encoding: .utf8)) ?? ""
        #expect(manual.contains(".Dt LINKSTR 1") && manual.contains("service install") && manual.contains("Example:"))
        let desktop = (try? String(contentsOfFile: prefix + "/share/applications/linkstr.desktop", encoding: .utf8)) ?? ""
        #expect(desktop.contains("Exec=\(prefix)/bin/linkstr app open %u\n"))
        if ValidatorTool.isInstalled(ValidatorTool.desktopFileValidate) {
            let validate = try ProcessRunner.run(ValidatorTool.desktopFileValidate, [prefix + "/share/applications/linkstr.desktop"])
            #expect(validate.status == 0 && validate.stdout.isEmpty, "desktop-file-validate: \(validate.stdout)\(validate.stderr)")
        }

        let uninstall = try make("uninstall", prefix: prefix)
        #expect(uninstall.status == 0, "make uninstall failed:\n\(uninstall.stdout)\(uninstall.stderr)")
        #expect(files(under: prefix) == [], "make uninstall left files behind")
    }
}
