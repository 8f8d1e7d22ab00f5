import LinkstrPluginKit
import PluginABI
import PluginTesting
import Testing

/// PluginTesting's fake host drives a plugin alone: canned config, recorded logs, manual clock.
@Suite struct FakeHostTests {
    @Test func recordsLogsAndAnswersConfigurationForAPluginUnderTest() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let path = try FixtureBuilder.plugin(scratch.file("fixture.so"))
        let host = FakeHost(pluginID: "org.linkstr.test.fixture", config: ["greeting": "hi from the fake host"])
        let instance = try host.load(path: path)
        #expect(host.logLines == [FakeHost.LogLine(level: .info, message: "hi from the fake host")])
        let media = try instance.capability(LKH_CAP_MEDIA_PROVIDER_V1, as: lkh_media_provider_v1.self)
        var result = lkh_media_classification()
        result.struct_size = UInt32(MemoryLayout<lkh_media_classification>.size)
        #expect(media.vtable.pointee.classify(media.rawInstance, "https://fixture.example/a", &result, nil) == LKH_OK)
        #expect(media.vtable.pointee.classify(media.rawInstance, "https://elsewhere.example/a", &result, nil) == LKH_E_NOT_FOUND)
    }

    @Test func servesAPluginThroughTheHostTable() throws {
        let host = FakeHost(pluginID: "org.example.probe", config: ["path": "/srv/db"])
        let table = HostServicesTable(provider: host)
        let plugin = PluginHost(table.pointer)
        #expect(plugin.config("path") == "/srv/db")
        #expect(plugin.config("missing") == nil)
        let before = plugin.monotonicNanoseconds
        host.advanceClock(nanoseconds: 5_000)
        #expect(plugin.monotonicNanoseconds == before + 5_000)
        plugin.log(.warn, "careful")
        #expect(host.logLines == [FakeHost.LogLine(level: .warn, message: "careful")])
        plugin.emit("org.example.event/1", payload: [1, 2, 3])
        #expect(host.emittedEvents == [FakeHost.EmittedEvent(eventID: "org.example.event/1", payload: [1, 2, 3])])
        let random = try plugin.randomBytes(32)
        #expect(random.count == 32 && random != [UInt8](repeating: 0, count: 32))
    }

    @Test func errorSlotsTruncateOnACharacterBoundary() {
        var slot = LKHErrorSlot.make()
        let message = String(repeating: "é", count: 200)  // 400 UTF-8 bytes
        LKHErrorSlot.write(&slot, .io, message)
        let written = LKHErrorSlot.message(of: &slot)
        #expect(written == String(repeating: "é", count: 84) + "…" + String(repeating: "é", count: 42))
        #expect(written.utf8.count < Int(LKH_ERROR_MESSAGE_CAPACITY))
        #expect(slot.code == LKH_E_IO)
    }

    /// A long message keeps its end, where it says what to do.
    @Test func aLongMessageKeepsItsEnd() {
        var slot = LKHErrorSlot.make()
        let url = "https://example.com/" + String(repeating: "a", count: 300)
        LKHErrorSlot.write(&slot, .unavailable, "metadata for \(url) failed 12 s ago (HTTP 404); it is retried after 3600 s")
        let written = LKHErrorSlot.message(of: &slot)
        #expect(written.hasPrefix("metadata for https://example.com/aaa"))
        #expect(written.hasSuffix("(HTTP 404); it is retried after 3600 s"), "\(written)")
        #expect(written.contains("…"))
    }
}
