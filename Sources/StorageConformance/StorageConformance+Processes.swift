import Foundation
import Glibc
import LinkstrHost
import LinkstrProcess

private typealias Records = StorageTestRecords

/// What other processes do to the store: two write at once, one is killed inside a batch. Runs when
/// the runner gives a writer process and the store persists (a store in memory has nothing to share).
extension StorageConformance {
    static let processesAtOnce = StorageConformanceCheck("two processes write at once", needsPersistence: true) { check in
        let writer = try check.requireWriter()
        let owner = Records.owner()
        let (batches, size) = (20, 20)
        let started = try ["p1", "p2"].map { try writer.start(owner: owner, prefix: $0, batches: batches, batchSize: size) }
        for (index, writer) in started.enumerated() {
            let exit = writer.wait()
            check.expect(exit.succeeded, "writer process \(index + 1) ended with \(exit)")
        }
        check.expect(try check.backend.count(owner: owner), equals: UInt64(2 * batches * size), "records after both processes finished")
    }

    static let killedInsideABatch = StorageConformanceCheck(
        "a process killed inside a batch leaves the whole batch or none of it", needsPersistence: true
    ) { check in
        let writer = try check.requireWriter()
        let owner = Records.owner()
        let size = 2000
        let process = try writer.start(owner: owner, prefix: "k", batches: 100, batchSize: size)
        var committed = 0
        // Killed once it committed three batches: it is inside the fourth (or between two).
        while committed < 3, case .line = process.nextLine(within: .seconds(300)) { committed += 1 }
        process.signal(SIGKILL)
        process.wait()
        check.expect(committed >= 3, "the writer process committed \(committed) batches before it ended by itself")
        let reader = try check.requireOpener().open()
        defer { reader.close() }
        let count = try reader.backend.count(owner: owner)
        check.expect(count % UInt64(size) == 0, "a new instance counts \(count) records after the kill: part of a batch of \(size)")
        check.expect(count >= 3 * UInt64(size), "a new instance counts \(count) records: fewer than the 3 committed batches of \(size)")
    }
}
