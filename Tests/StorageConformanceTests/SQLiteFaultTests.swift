import Foundation
import LinkstrHost
import LinkstrPluginKit
import LinkstrProcess
import PluginTesting
import Testing

/// Bad files, bad folders, full disks, crashes and other processes, on the SQLite plugin.
@Suite("SQLite faults")
struct SQLiteFaultTests {
    @Test("a file that is not SQLite is refused, naming the path and the cause")
    func notSQLite() throws {
        let path = Scratch.directory("notdb") + "/linkstr.sqlite"
        try String(repeating: "this is a text file, not a database\n", count: 200).write(toFile: path, atomically: false, encoding: .utf8)
        let error = try #require(throws: PluginError.self) { try TestStore.open(.sqlite, location: path) }
        #expect(error.status == .io)
        #expect(error.message.contains(path))
        #expect(error.message.contains("not a database"))
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("this is a text file"), "the file is left as it was")
    }

    @Test("a read-only file system is refused, for a new and for an existing database")
    func readOnly() throws {
        let readOnly = try TmpfsMount(size: "1m", readOnly: true)
        defer { readOnly.unmount() }
        let newPath = readOnly.path + "/linkstr.sqlite"
        let newError = try #require(throws: PluginError.self) { try TestStore.open(.sqlite, location: newPath) }
        #expect(newError.status == .permission)
        #expect(newError.message.contains(newPath))
        #expect(newError.message.contains("Read-only file system"))

        let writable = try TmpfsMount(size: "4m")
        defer { writable.unmount() }
        let existing = writable.path + "/linkstr.sqlite"
        let store = try TestStore.open(.sqlite, location: existing)
        try store.backend.apply([.put(Records.post(Records.owner(), "p"))])
        store.close()
        try writable.remount(readOnly: true)
        let existingError = try #require(throws: PluginError.self) { try TestStore.open(.sqlite, location: existing) }
        #expect(existingError.message.contains(existing))
        #expect(existingError.status == .permission || existingError.status == .io, "\(existingError)")
    }

    @Test("a folder that cannot be created is refused, naming it")
    func missingFolder() throws {
        let base = Scratch.directory("nofolder")
        try "a file where a folder should be".write(toFile: base + "/data", atomically: false, encoding: .utf8)
        let path = base + "/data/linkstr/linkstr.sqlite"
        let error = try #require(throws: PluginError.self) { try TestStore.open(.sqlite, location: path) }
        #expect(error.message.contains(path))
        #expect(error.message.contains("cannot create the folder \(base)/data"))
        #expect(error.message.contains("Not a directory"))
    }

    @Test("bad settings are refused, naming the setting")
    func badSettings() throws {
        for (key, value) in [("synchronous", "sometimes"), ("busy_timeout_ms", "soon")] {
            let store = try TestStore.make(.sqlite)
            defer { store.close() }
            store.host.setConfig(key, value)
            let error = try #require(throws: PluginError.self) { try store.backend.open() }
            #expect(error.status == .invalid)
            #expect(error.message.contains(key), "\(error.message)")
        }
        let full = try TestStore.make(.sqlite)
        defer { full.close() }
        full.host.setConfig("synchronous", "FULL")
        try full.backend.open()
    }

    @Test("the folder is created with mode 0700 and the file with 0600")
    func createsPrivateFiles() throws {
        let base = Scratch.directory("private")
        let path = base + "/a/b/linkstr.sqlite"
        let store = try TestStore.open(.sqlite, location: path)
        store.close()
        let folder = try FileManager.default.attributesOfItem(atPath: base + "/a/b")[.posixPermissions] as? Int
        let file = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(folder == 0o700)
        #expect(file == 0o600)
    }

    @Test("a corrupted page gives an error naming the path, not a crash")
    func corruptedPage() throws {
        let path = Scratch.directory("corrupt") + "/linkstr.sqlite"
        let owner = Records.owner()
        let store = try TestStore.open(.sqlite, location: path)
        try store.backend.apply((0..<2000).map { .put(Records.post(owner, "p\($0)", session: "s\($0 % 7)", sort: Int64($0), value: "value \($0)")) })
        store.close()
        // Keep page 1 (header and schema), overwrite every other page.
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: 4096)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: Int(size) - 4096))
        try handle.close()

        let error = try #require(throws: PluginError.self) {
            let reopened = try TestStore.open(.sqlite, location: path)
            defer { reopened.close() }
            _ = try reopened.backend.query(StorageQuery(owner: owner, collection: "post", parent: Records.bytes("s1"), limit: 10))
        }
        #expect(error.status == .io)
        #expect(error.message.contains(path))
        #expect(error.message.contains("malformed") || error.message.contains("corrupt"), "\(error.message)")
    }

    @Test("a full disk fails the batch cleanly; earlier data stays readable")
    func fullDisk() throws {
        let disk: TmpfsMount
        do {
            disk = try TmpfsMount(size: "1m")
        } catch {
            // No mount permission: a process-wide file size limit in a helper process stands in.
            try fileSizeLimit()
            return
        }
        defer { disk.unmount() }
        let path = disk.path + "/linkstr.sqlite"
        let owner = Records.owner()
        let store = try TestStore.open(.sqlite, location: path)
        var stored: UInt64 = 0
        var failure: PluginError?
        for batch in 0..<500 where failure == nil {
            do {
                try store.backend.apply(
                    (0..<20).map { .put(Records.post(owner, "b\(batch)-\($0)", value: String(repeating: "x", count: 2000))) })
                stored += 20
            } catch {
                failure = error
            }
        }
        let error = try #require(failure)
        #expect(error.status == .io)
        #expect(error.message.contains(path))
        #expect(error.message.contains("full"), "\(error.message)")
        #expect(stored > 0)
        #expect(try store.backend.count(owner: owner) == stored, "the failed batch left nothing")
        #expect(try store.backend.query(StorageQuery(owner: owner, collection: "post", limit: 5)).count == 5)
        store.close()
        let reopened = try TestStore.open(.sqlite, location: path)
        defer { reopened.close() }
        #expect(try reopened.backend.count(owner: owner) == stored)
    }

    /// The full-disk test where no file system can be mounted: the helper process writes under
    /// RLIMIT_FSIZE until a write fails. Also run on its own, so the fallback itself stays tested.
    @Test("a write past the file size limit fails the batch cleanly (full-disk fallback)")
    func fileSizeLimit() throws {
        let path = Scratch.directory("fsize") + "/linkstr.sqlite"
        let owner = Records.owner()
        let ownerHex = owner.map { String(format: "%02x", $0) }.joined()
        let child = try ChildProcess(
            BuildProducts.directory + "/StorageTestProbe", ["fill", BuildProducts.plugin("sqlite"), path, ownerHex, "fill", "600000"])
        #expect(child.wait() == .exited(0), "\(child.stderr)")
        let output = child.stdout
        func value(_ name: String) -> String? {
            output.split(separator: "\n").first { $0.hasPrefix(name + " ") }.map { String($0.dropFirst(name.count + 1)) }
        }
        let stored = try #require(value("stored").flatMap { UInt64($0) })
        #expect(stored > 0)
        #expect(value("status") == String(LKHStatus.io.rawValue))
        #expect(value("error")?.contains(path) == true, "\(output)")
        #expect(value("count") == String(stored), "the failed batch left nothing: \(output)")
        let store = try TestStore.open(.sqlite, location: path)
        defer { store.close() }
        #expect(try store.backend.count(owner: owner) == stored)
        #expect(try SQLiteFile.execute(path, "PRAGMA integrity_check") == [["ok"]])
    }

    @Test("SIGKILL in the middle of a batch: the database opens and the batch is all there or absent")
    func killedMidBatch() throws {
        let path = Scratch.directory("killed") + "/linkstr.sqlite"
        let owner = Records.owner()
        let ownerHex = owner.map { String(format: "%02x", $0) }.joined()
        let setup = try TestStore.open(.sqlite, location: path)
        try setup.backend.apply([.put(Records.post(owner, "before"))])
        setup.close()

        let count = 200_000
        let child = try ChildProcess(BuildProducts.directory + "/StorageTestProbe", ["big-batch", BuildProducts.plugin("sqlite"), path, ownerHex, "big", "\(count)"])
        #expect(child.waitForLine("applying"))
        // Kill once SQLite has spilled part of the open transaction into the WAL (its page cache is
        // full): the crash then lands in the middle of writing the batch.
        let wal = path + "-wal"
        var walBytes = 0
        for _ in 0..<2000 where walBytes < 4_000_000 {
            usleep(10_000)
            walBytes = ((try? FileManager.default.attributesOfItem(atPath: wal)[.size]) as? Int) ?? 0
        }
        child.signal(SIGKILL)
        #expect(child.wait() == .signaled(SIGKILL), "the probe was killed, not finished")
        let finished = child.stdout.contains("applied")
        #expect(walBytes >= 4_000_000 && !finished, "killed while writing: \(walBytes) bytes of WAL, finished: \(finished)")

        let store = try TestStore.open(.sqlite, location: path)
        defer { store.close() }
        let stored = try store.backend.count(owner: owner)
        #expect(stored == 1 || stored == UInt64(count) + 1, "all or nothing, got \(stored)")
        #expect(stored == (finished ? UInt64(count) + 1 : 1))
        #expect(try SQLiteFile.execute(path, "PRAGMA integrity_check") == [["ok"]])
    }

    @Test("two processes and this one write at once; every row lands, nobody sees 'database is locked'")
    func twoProcesses() throws {
        let path = Scratch.directory("processes") + "/linkstr.sqlite"
        let owner = Records.owner()
        let ownerHex = owner.map { String(format: "%02x", $0) }.joined()
        let store = try TestStore.open(.sqlite, location: path)
        defer { store.close() }
        let perProcess = 1500
        let children = try ["left", "right"].map { tag in
            try ChildProcess(BuildProducts.directory + "/StorageTestProbe", ["write", BuildProducts.plugin("sqlite"), path, ownerHex, tag, "\(perProcess)", "30"])
        }
        for batch in 0..<50 {
            try store.backend.apply((0..<10).map { .put(Records.post(owner, "here-\(batch)-\($0)")) })
            _ = try store.backend.query(StorageQuery(owner: owner, collection: "post", descending: true, limit: 20))
        }
        for child in children {
            #expect(child.waitForLine("done"))
            #expect(child.wait() == .exited(0))
        }
        #expect(try store.backend.count(owner: owner) == UInt64(2 * perProcess + 500))
    }

    /// The first opens of a new database race to switch it to WAL journaling. A switch that finds
    /// another connection holding the write lock is answered "database is locked" at once: SQLite
    /// does not wait the busy timeout for it, so the open must.
    @Test("a new database whose write lock another process holds is opened once that lock is let go; refused only after the busy timeout")
    func firstOpenWaitsForTheWriteLock() throws {
        let path = Scratch.directory("first-open") + "/linkstr.sqlite"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let holder = try SQLiteFile.Connection(path)
        try holder.execute("BEGIN IMMEDIATE")
        let impatient = try TestStore.make(.sqlite, location: path)
        impatient.host.setConfig("busy_timeout_ms", "50")
        let refusal = try #require(throws: PluginError.self) { try impatient.backend.open() }
        impatient.close()
        #expect(refusal.status == .busy && refusal.message.contains("longer than the busy timeout"), "\(refusal)")
        let released = Thread {
            Thread.sleep(forTimeInterval: 0.3)
            try? holder.execute("COMMIT")
            holder.close()
        }
        released.start()
        let store = try TestStore.open(.sqlite, location: path)
        defer { store.close() }
        let owner = Records.owner()
        try store.backend.apply([.put(Records.post(owner, "p"))])
        #expect(try store.backend.count(owner: owner) == 1)
        #expect(try SQLiteFile.execute(path, "PRAGMA journal_mode") == [["wal"]])
    }

    @Test("feed, unread and session-list queries are answered by indexes, never a full scan; a session's unread posts by an index of flagged records only")
    func queryPlans() throws {
        let path = Scratch.directory("plans") + "/linkstr.sqlite"
        let store = try TestStore.open(.sqlite, location: path)
        defer { store.close() }
        let owner = Records.owner()
        try store.backend.apply((0..<300).map { .put(Records.post(owner, "p\($0)", session: "s\($0 % 10)", sort: Int64($0), flags: Int64($0 % 2))) })
        try store.backend.apply([
            .delete(owner: owner, collection: "post", key: Records.bytes("p1")),
            .deleteParent(owner: owner, collection: "post", parent: Records.bytes("s3")),
            .deleteParent(owner: owner, collection: "post", parent: []),
        ])
        _ = try store.backend.get(owner: owner, collection: "post", key: Records.bytes("p2"))
        for descending in [false, true] {
            _ = try store.backend.query(StorageQuery(owner: owner, collection: "post", parent: Records.bytes("s1"), descending: descending, limit: 50))
            _ = try store.backend.query(StorageQuery(owner: owner, collection: "post", flagsMask: 1, flagsValue: 1, descending: descending))
        }
        // A session's unread posts: the read ones (most of a long session) are not even looked at.
        _ = try store.backend.query(StorageQuery(owner: owner, collection: "post", parent: Records.bytes("s1"), flagsMask: 1, flagsValue: 1, descending: true))
        _ = try store.backend.query(StorageQuery(owner: owner, collection: "post", parent: []))
        _ = try store.backend.count(owner: owner, collection: "post")
        _ = try store.backend.count(owner: owner)
        try store.backend.deleteOwner(Records.owner())

        let prefix = "prepared statement: "
        let statements = store.host.logLines.compactMap { line in
            line.message.hasPrefix(prefix) ? String(line.message.dropFirst(prefix.count)) : nil
        }
        // The scope lookup and insert; put, delete, delete by parent and by empty parent; get; the
        // six queries; two counts; the owner's records and scopes.
        #expect(statements.count == 17, "every statement of the plugin was prepared once: \(statements.count)")
        var plans: [String: String] = [:]
        for sql in statements {
            let plan = try SQLiteFile.execute(path, "EXPLAIN QUERY PLAN " + sql).map { $0[3] }.joined(separator: "; ")
            plans[sql] = plan
            #expect(!plan.contains("SCAN"), "full scan in \(plan) for \(sql)")
            #expect(!plan.contains("TEMP B-TREE"), "sort without an index in \(plan) for \(sql)")
        }
        let feed = try #require(plans.first { $0.key.contains("parent = ?3") && $0.key.contains("DESC") && !$0.key.contains("flags <> 0") })
        #expect(feed.value.contains("USING INDEX records_by_parent"), "\(feed.value)")
        let unread = try #require(plans.first {
            $0.key.contains("SELECT key") && !$0.key.contains("parent = ?3") && !$0.key.contains("parent IS NULL") && $0.key.contains("DESC")
        })
        #expect(unread.value.contains("USING INDEX records_by_sort"), "\(unread.value)")
        let sessionUnread = try #require(plans.first { $0.key.contains("parent = ?3") && $0.key.contains("flags <> 0") }, "\(plans)")
        #expect(sessionUnread.value.contains("USING INDEX records_flagged_by_parent"), "\(sessionUnread.value)")
    }
}

extension ChildProcess {
    /// Reads stdout until a line equal to `line` arrives; false when the output ends (or a minute
    /// passes) first.
    fileprivate func waitForLine(_ line: String) -> Bool {
        while case .line(let next) = nextLine(within: .seconds(60)) {
            if next == line { return true }
        }
        return false
    }
}
