import Foundation
import LinkstrHost
import LinkstrPluginKit
import Synchronization

private typealias Records = StorageTestRecords

/// What survives an instance, and what threads and instances of one store see when they write at
/// once. A store that describes itself with `"persistent":false` (records in its instance's memory)
/// skips what needs a second instance.
extension StorageConformance {
    static let survivesReopening = StorageConformanceCheck("records survive destroy and re-create on the same location", needsPersistence: true) { check in
        let opener = try check.requireOpener()
        let owner = Records.owner()
        let records = (0..<20).map { Records.post(owner, "kept-\($0)", sort: Int64($0)) }
        let writer = try opener.open()
        try writer.backend.apply(records.map { .put($0) })
        writer.close()
        let reader = try opener.open()
        defer { reader.close() }
        check.expect(try reader.backend.count(owner: owner), equals: 20, "records a new instance finds after the one that wrote them was destroyed")
        check.expect(try reader.backend.get(owner: owner, collection: "post", key: records[7].key), equals: records[7], "a record a new instance reads back")
        check.expect(try check.backend.count(owner: owner), equals: 20, "records the instance under test sees, written by another")
    }

    static let threadsAtOnce = StorageConformanceCheck("threads write batches at once; readers see whole batches") { check in
        StorageConformance.writeAtOnce(check, writers: Array(repeating: check.backend, count: 4), readers: [check.backend, check.backend])
    }

    static let instancesAtOnce = StorageConformanceCheck("two instances write at once; a third reads whole batches meanwhile", needsPersistence: true) {
        check in
        let opener = try check.requireOpener()
        let opened = try (0..<3).map { _ in try opener.open() }
        defer { opened.forEach { $0.close() } }
        StorageConformance.writeAtOnce(check, writers: [opened[0].backend, opened[1].backend], readers: [opened[2].backend])
    }

    /// How many records each batch of `writeAtOnce` puts.
    static let batchSize = 20

    /// Each writer applies 25 batches of `batchSize` records of one owner from a thread of its own
    /// while each reader counts that owner's records: every count must be a whole number of batches
    /// (a batch is all or nothing, also to a concurrent reader), and in the end every record is there.
    private static func writeAtOnce(_ check: StorageConformanceContext, writers: [StorageBackend], readers: [StorageBackend]) {
        let owner = Records.owner()
        let batches = 25
        let progress = AtOnceProgress(writers: writers.count)
        let group = DispatchGroup()
        for (index, writer) in writers.enumerated() {
            group.enter()
            Thread.detachNewThread {
                defer {
                    progress.writerFinished()
                    group.leave()
                }
                for batch in 0..<batches {
                    let operations = (0..<batchSize).map { StorageOperation.put(Records.post(owner, "w\(index)-b\(batch)-r\($0)")) }
                    do throws(PluginError) {
                        try StorageConformance.applyRetryingWhileBusy(writer, operations)
                    } catch {
                        progress.report("writer \(index), batch \(batch): \(error)")
                        return
                    }
                }
            }
        }
        for (index, reader) in readers.enumerated() {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                while progress.writing {
                    do throws(PluginError) {
                        let count = try reader.count(owner: owner)
                        if count % UInt64(StorageConformance.batchSize) != 0 {
                            progress.report("reader \(index) counted \(count) records, part of a batch of \(StorageConformance.batchSize)")
                            return
                        }
                    } catch where error.status == .busy {
                        continue
                    } catch {
                        progress.report("reader \(index): \(error)")
                        return
                    }
                }
            }
        }
        group.wait()
        for problem in progress.problems.prefix(5) { check.fail(problem) }
        let expected = UInt64(writers.count * batches * batchSize)
        check.expect((try? check.backend.count(owner: owner)) ?? 0, equals: expected, "records after every writer finished")
        let keys = Set(Records.keys((try? check.backend.query(StorageQuery(owner: owner, collection: "post"))) ?? []))
        check.expect(UInt64(keys.count), equals: expected, "distinct keys a query returns after every writer finished")
    }

    /// Applies `operations`, again while the store answers LKH_E_BUSY (another instance holds it).
    static func applyRetryingWhileBusy(_ store: StorageBackend, _ operations: [StorageOperation]) throws(PluginError) {
        var attempts = 0
        while true {
            do throws(PluginError) {
                try store.apply(operations)
                return
            } catch where error.status == .busy && attempts < 50 {
                attempts += 1
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
    }
}

/// The writers still writing and the problems found, shared by the threads of `writeAtOnce`.
private final class AtOnceProgress: Sendable {
    private let state: Mutex<(writing: Int, problems: [String])>

    init(writers: Int) {
        state = Mutex((writers, []))
    }

    var writing: Bool { state.withLock { $0.writing > 0 } }
    var problems: [String] { state.withLock { $0.problems } }

    func writerFinished() {
        state.withLock { $0.writing -= 1 }
    }

    func report(_ problem: String) {
        state.withLock { $0.problems.append(problem) }
    }
}
