import Foundation
import LinkstrHost
import LinkstrPluginKit
import PluginABI
import PluginTesting
import Testing

/// Load-time checks, each bad input with the exact message a person sees.
@Suite struct PluginLoaderTests {
    @Test func loadsAPluginBuiltFromTheHeaderAlone() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let path = try FixtureBuilder.vimeoPlugin(scratch.file("liblinkstr-plugin-vimeo.so"))
        let plugin = try PluginLoader.load(path: path)
        #expect(plugin.id == "org.linkstr.example.vimeo")
        #expect(plugin.version == "1.0.0")
        #expect(plugin.provides == [LKH_CAP_MEDIA_PROVIDER_V1])
        #expect(plugin.builtWith == "cc")
    }

    @Test func refusesAFileThatIsNotASharedLibrary() {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let path = scratch.write("liblinkstr-plugin-text.so", "just text\n")
        #expect(throws: PluginLoadError.self) { try PluginLoader.load(path: path) }
        let error = loadError(path)
        #expect(error?.stage == .dlopen)
        #expect(error?.description == "refused plugin \(path) at dlopen: not a loadable shared library: \(path): file too short")
    }

    @Test func refusesALibraryWithoutTheEntrySymbol() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let path = try FixtureBuilder.plugin(scratch.file("noentry.so"), defines: ["FIXTURE_NO_ENTRY"])
        #expect(loadError(path)?.description == "refused plugin \(path) at entry: not a linkstr plugin: it exports no lkh_plugin_entry function")
    }

    @Test func refusesADifferentABIMajor() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let path = try FixtureBuilder.plugin(scratch.file("major2.so"), defines: ["FIXTURE_ABI_MAJOR=2", "FIXTURE_ABI_MINOR=0", "FIXTURE_ID=\"org.example.future\""])
        #expect(
            loadError(path)?.description
                == "refused plugin 'org.example.future' (\(path)) at validate: built for plugin ABI 2.0, but this host speaks ABI 1.x; rebuild it against this linkstr_plugin.h"
        )
    }

    @Test func loadsAPluginBuiltAgainstANewerMinor() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let path = try FixtureBuilder.plugin(scratch.file("minor7.so"), defines: ["FIXTURE_ABI_MINOR=7"])
        let plugin = try PluginLoader.load(path: path)
        #expect(plugin.abiMinor == 7)
        let host = FakeHost(pluginID: plugin.id)
        let instance = try host.load(descriptor: plugin.descriptor)
        _ = try instance.capability(LKH_CAP_MEDIA_PROVIDER_V1, as: lkh_media_provider_v1.self)
    }

    @Test func reportsAnEntryThatRefusesTheHost() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let path = try FixtureBuilder.plugin(scratch.file("refuse.so"), defines: ["FIXTURE_REFUSE_HOST"])
        #expect(loadError(path)?.description == "refused plugin \(path) at entry: the plugin refused this host's ABI 1.\(LKH_ABI_MINOR) (its entry returned NULL)")
    }

    @Test func refusesAMalformedPluginID() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let path = try FixtureBuilder.plugin(scratch.file("badid.so"), defines: ["FIXTURE_ID=\"Bad_ID\""])
        #expect(loadError(path)?.reason == "plugin id 'Bad_ID' is not a reverse-DNS name like org.example.thing")
    }

    @Test func refusesAVTableShorterThanTheHostNeeds() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let path = try FixtureBuilder.plugin(scratch.file("short.so"), defines: ["FIXTURE_SHORT_VTABLE"])
        let instance = try FakeHost().load(path: path)
        let size = MemoryLayout<lkh_media_provider_v1>.size
        #expect(throws: PluginError(
            .invalid,
            "plugin 'org.linkstr.test.fixture' has a org.linkstr.media-provider/1 vtable of 8 bytes, shorter than the \(size) bytes this host needs; rebuild the plugin against this linkstr_plugin.h"
        )) {
            try instance.capability(LKH_CAP_MEDIA_PROVIDER_V1, as: lkh_media_provider_v1.self)
        }
    }

    @Test func refusesAGroupWritablePluginFile() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let path = try FixtureBuilder.plugin(scratch.file("groupw.so"))
        chmod(path, 0o775)
        #expect(
            loadError(path)?.description
                == "refused plugin \(path) at permissions: the file \(path) is group-writable (mode 775), so others could replace the plugin; run `chmod go-w \(path)`"
        )
    }

    @Test func refusesAPluginInAWorldWritableFolder() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let folder = scratch.folder("open")
        chmod(folder, 0o777)
        let path = try FixtureBuilder.plugin(folder + "/worldw.so")
        #expect(
            loadError(path)?.description
                == "refused plugin \(path) at permissions: the folder \(folder) is world-writable (mode 777), so others could replace the plugin; keep plugins in a folder that only you or root can write"
        )
    }

    @Test func passesTheMessageOfAFailingCreateThrough() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let path = try FixtureBuilder.plugin(scratch.file("createfails.so"), defines: ["FIXTURE_CREATE_FAILS"])
        #expect(throws: PluginError(
            .io, "plugin 'org.linkstr.test.fixture' failed to start: cannot open /nonexistent/fixture.db: No such file or directory"
        )) {
            try FakeHost().load(path: path)
        }
    }

    private func loadError(_ path: String) -> PluginLoadError? {
        do {
            _ = try PluginLoader.load(path: path)
            return nil
        } catch {
            return error
        }
    }
}

/// Plugins in a private folder under a sticky, root-owned folder such as /tmp load; directly in it
/// they do not.
@Suite struct StickyFolderTests {
    @Test func aPrivateFolderInsideTmpIsAccepted() throws {
        let folder = try #require(mkdtemp(strdup("/tmp/linkstr-plugins.XXXXXX")).map { String(cString: $0) })
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try FixtureBuilder.vimeoPlugin(folder + "/liblinkstr-plugin-vimeo.so")
        #expect(try PluginLoader.load(path: path).id == "org.linkstr.example.vimeo")
        chmod(folder, 0o1777)
        #expect(throws: PluginLoadError.self) { try PluginLoader.load(path: path) }
    }
}
