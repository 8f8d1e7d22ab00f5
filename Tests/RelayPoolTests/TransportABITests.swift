import Foundation
import LinkstrHost
import LinkstrPluginKit
import NostrCore
import PluginABI
import PluginTesting
import Synchronization
import Testing

@Suite("The relay pool through its C vtable, without the host's wrapper", .serialized, .timeLimit(.minutes(1)))
struct TransportABITests {
    /// A sink that records events and can answer LKH_E_BUSY a number of times first.
    final class RecordingSink: Sendable {
        let busyAnswersLeft = Mutex(0)
        let events = Mutex<[String]>([])
        let offers = Mutex(0)

        var table: lkh_transport_sink {
            var sink = lkh_transport_sink()
            sink.struct_size = UInt32(MemoryLayout<lkh_transport_sink>.size)
            sink.ctx = Unmanaged.passUnretained(self).toOpaque()
            sink.on_event = { context, _, _, event in
                let sink = Unmanaged<RecordingSink>.fromOpaque(context!).takeUnretainedValue()
                sink.offers.withLock { $0 += 1 }
                let busy = sink.busyAnswersLeft.withLock { left -> Bool in
                    defer { left = max(0, left - 1) }
                    return left > 0
                }
                if busy { return LKH_E_BUSY }
                let text = String(decoding: UnsafeBufferPointer(start: event.data, count: event.len), as: UTF8.self)
                sink.events.withLock { $0.append(text) }
                return LKH_OK
            }
            return sink
        }
    }

    private static func load(_ host: FakeHost) throws -> Capability<lkh_transport_v1> {
        try host.load(path: BuildProducts.plugin("relay-pool")).capability(LKH_CAP_TRANSPORT_V1, as: lkh_transport_v1.self)
    }

    @Test("an event the host answers LKH_E_BUSY is offered again until taken, and delivered once")
    func busyIsBackPressure() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let publisher = try PoolHarness()
        try await publisher.connect([relay.url])
        let event = try publisher.event(content: "slowly")
        _ = try await publisher.pool.publish(event)

        let host = FakeHost(pluginID: "org.linkstr.transport.relay-pool")
        let transport = try Self.load(host)
        defer { transport.instance.destroy() }
        let sink = RecordingSink()
        sink.busyAnswersLeft.withLock { $0 = 3 }
        var table = sink.table
        var error = LKHErrorSlot.make()
        #expect(transport.vtable.pointee.set_sink!(transport.rawInstance, &table, &error) == LKH_OK)
        var config = lkh_relay_config(struct_size: UInt32(MemoryLayout<lkh_relay_config>.size), url: strdup(relay.url), flags: LKH_RELAY_READ)
        defer { free(UnsafeMutableRawPointer(mutating: config.url)) }
        #expect(transport.vtable.pointee.set_relays!(transport.rawInstance, &config, 1, &error) == LKH_OK)
        let filters = Array("[{\"ids\":[\"\(event.id.hex)\"]}]".utf8)
        let status = filters.withUnsafeBufferPointer {
            transport.vtable.pointee.subscribe!(transport.rawInstance, "slow", lkh_bytes(data: $0.baseAddress, len: $0.count), &error)
        }
        #expect(status == LKH_OK)
        try await waitFor("the event taken") { sink.events.withLock { $0.count } == 1 }
        #expect(sink.offers.withLock { $0 } == 4)
        #expect(try Event(json: sink.events.withLock { $0[0] }) == event)
        sink.busyAnswersLeft.withLock { $0 = 0 }
        try await Task.sleep(for: .milliseconds(200))
        #expect(sink.events.withLock { $0.count } == 1)
    }

    @Test("synchronous refusals: no sink yet, bad filters, a bad event id — each with a message, and done never runs")
    func synchronousRefusals() throws {
        let host = FakeHost(pluginID: "org.linkstr.transport.relay-pool")
        let transport = try Self.load(host)
        defer { transport.instance.destroy() }
        var error = LKHErrorSlot.make()
        var config = lkh_relay_config(struct_size: UInt32(MemoryLayout<lkh_relay_config>.size), url: strdup("ws://127.0.0.1:1"), flags: 3)
        defer { free(UnsafeMutableRawPointer(mutating: config.url)) }
        #expect(transport.vtable.pointee.set_relays!(transport.rawInstance, &config, 1, &error) == LKH_E_INVALID)
        #expect(LKHErrorSlot.message(of: &error) == "set_sink must be called before set_relays")

        let sink = RecordingSink()
        var table = sink.table
        #expect(transport.vtable.pointee.set_sink!(transport.rawInstance, &table, &error) == LKH_OK)
        let filters = Array(#"[{"kinds":[1]}, 7]"#.utf8)
        let subscribed = filters.withUnsafeBufferPointer {
            transport.vtable.pointee.subscribe!(transport.rawInstance, "s", lkh_bytes(data: $0.baseAddress, len: $0.count), &error)
        }
        #expect(subscribed == LKH_E_INVALID)
        #expect(LKHErrorSlot.message(of: &error) == "filter 2 is not a JSON object")
        #expect(transport.vtable.pointee.unsubscribe!(transport.rawInstance, "never-opened", &error) == LKH_E_NOT_FOUND)

        #expect(transport.vtable.pointee.set_relays!(transport.rawInstance, &config, 1, &error) == LKH_OK)
        let event = Array(#"{"id":"\#(String(repeating: "1", count: 64))","kind":1}"#.utf8)
        var operation: UInt64 = 0
        let published = event.withUnsafeBufferPointer {
            transport.vtable.pointee.publish!(
                transport.rawInstance, lkh_bytes(data: $0.baseAddress, len: $0.count), String(repeating: "2", count: 64), 1000,
                { _, _, _, _ in Issue.record("done must not run when publish refused synchronously") }, nil, &operation, &error)
        }
        #expect(published == LKH_E_INVALID)
        #expect(LKHErrorSlot.message(of: &error).hasPrefix("the event's id 1111"))
    }

    @Test("set_relays reads an array whose struct_size is larger than this header's with that stride")
    func relayArrayStride() throws {
        let host = FakeHost(pluginID: "org.linkstr.transport.relay-pool")
        let transport = try Self.load(host)
        defer { transport.instance.destroy() }
        let sink = RecordingSink()
        var table = sink.table
        var error = LKHErrorSlot.make()
        _ = transport.vtable.pointee.set_sink!(transport.rawInstance, &table, &error)
        // A host built against a later minor appends fields to lkh_relay_config.
        let stride = MemoryLayout<lkh_relay_config>.size + 16
        let urls = [strdup("ws://127.0.0.1:1"), strdup("ws://127.0.0.1:2")]
        defer { urls.forEach { free($0) } }
        let array = UnsafeMutableRawPointer.allocate(byteCount: stride * 2, alignment: MemoryLayout<lkh_relay_config>.alignment)
        defer { array.deallocate() }
        array.initializeMemory(as: UInt8.self, repeating: 0xAB, count: stride * 2)
        for (index, url) in urls.enumerated() {
            (array + index * stride).storeBytes(
                of: lkh_relay_config(struct_size: UInt32(stride), url: url, flags: 0), as: lkh_relay_config.self)
        }
        let status = transport.vtable.pointee.set_relays!(
            transport.rawInstance, array.assumingMemoryBound(to: lkh_relay_config.self), 2, &error)
        #expect(status == LKH_OK, "\(LKHErrorSlot.message(of: &error))")
        let needed = transport.vtable.pointee.describe!(transport.rawInstance, nil, 0)
        var buffer = [CChar](repeating: 0, count: needed)
        _ = transport.vtable.pointee.describe!(transport.rawInstance, &buffer, needed)
        let json = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #expect(json.contains(#""url":"ws://127.0.0.1:1""#) && json.contains(#""url":"ws://127.0.0.1:2""#), "\(json)")
    }

    @Test("describe follows the two-call pattern and lists every relay with its status")
    func describe() throws {
        let host = FakeHost(pluginID: "org.linkstr.transport.relay-pool")
        let transport = try Self.load(host)
        defer { transport.instance.destroy() }
        let sink = RecordingSink()
        var table = sink.table
        var error = LKHErrorSlot.make()
        _ = transport.vtable.pointee.set_sink!(transport.rawInstance, &table, &error)
        var config = lkh_relay_config(struct_size: UInt32(MemoryLayout<lkh_relay_config>.size), url: strdup("ws://127.0.0.1:1"), flags: 0)
        defer { free(UnsafeMutableRawPointer(mutating: config.url)) }
        _ = transport.vtable.pointee.set_relays!(transport.rawInstance, &config, 1, &error)
        let needed = transport.vtable.pointee.describe!(transport.rawInstance, nil, 0)
        var buffer = [CChar](repeating: 0, count: needed)
        #expect(transport.vtable.pointee.describe!(transport.rawInstance, &buffer, needed) == needed)
        let json = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #expect(
            json
                == #"[{"url":"ws://127.0.0.1:1","status":"disabled","read":false,"write":false,"events":0,"malformed_frames":0,"oversized_frames":0,"stale_events":0}]"#
        )
    }
}
