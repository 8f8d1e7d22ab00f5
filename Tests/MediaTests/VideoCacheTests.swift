import Foundation
import LinkstrRuntime
import Testing

struct VideoCacheTests {
    let folder: String

    init() throws {
        folder = try TestPaths.makeScratch("video-cache") + "/videos"
    }

    func write(_ name: String, bytes: Int) throws -> String {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/" + name
        try Data(repeating: 7, count: bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func date(_ seconds: Double) -> Date { Date(timeIntervalSince1970: 1_700_000_000 + seconds) }

    @Test func evictsTheLeastRecentlyUsedBeyondTheBudget() throws {
        let cache = VideoCache(folder: folder, budget: 1000)
        try cache.insert(key: "a", path: write("a.mp4", bytes: 400), now: date(1))
        try cache.insert(key: "b", path: write("b.mp4", bytes: 400), now: date(2))
        #expect(try cache.lookup("a", now: date(3)) != nil)  // a is now more recent than b
        let evicted = try cache.insert(key: "c", path: write("c.mp4", bytes: 400), now: date(4))
        #expect(evicted.map(\.key) == ["b"])
        #expect(try cache.entries().map(\.key) == ["c", "a"])
        #expect(TestPaths.contents(folder).filter { $0.hasSuffix(".mp4") } == ["a.mp4", "c.mp4"])
        let more = try cache.insert(key: "d", path: write("d.mp4", bytes: 900), now: date(5))
        #expect(Set(more.map(\.key)) == ["a", "c"])
        #expect(try cache.entries().map(\.key) == ["d"])
    }

    @Test func survivesARestart() throws {
        try VideoCache(folder: folder, budget: 1000).insert(key: "https://x/1", path: write("one.mp4", bytes: 10), now: date(1))
        let reopened = VideoCache(folder: folder, budget: 1000)
        let hit = try #require(try reopened.lookup("https://x/1"))
        #expect(hit.path == folder + "/one.mp4")
        #expect(hit.entry.bytes == 10)
    }

    @Test func adoptsUnknownFilesAndDropsVanishedOnes() throws {
        let cache = VideoCache(folder: folder, budget: 1000)
        try cache.insert(key: "gone", path: write("gone.mp4", bytes: 10), now: date(1))
        unlink(folder + "/gone.mp4")
        _ = try write("orphan.mp4", bytes: 20)
        let entries = try cache.entries()
        #expect(entries.map(\.file) == ["orphan.mp4"])
        #expect(entries.first?.bytes == 20)
    }

    @Test func removesStaleJobFolders() throws {
        let cache = VideoCache(folder: folder, budget: 1000)
        try cache.prepare()
        let stale = folder + "/.tmp-old"
        let fresh = folder + "/.tmp-new"
        try FileManager.default.createDirectory(atPath: stale, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: fresh, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -7200)], ofItemAtPath: stale)
        _ = try cache.entries()
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(FileManager.default.fileExists(atPath: fresh), "a running job's folder is kept")
    }

    @Test func aFullCacheRefusesAVideoLargerThanTheWholeBudget() throws {
        let cache = VideoCache(folder: folder, budget: 1000)
        try cache.insert(key: "a", path: write("a.mp4", bytes: 900), now: date(1))
        #expect(throws: VideoCacheError.tooLarge(bytes: 1500, budget: 1000)) {
            try cache.insert(key: "big", path: try write("big.mp4", bytes: 1500), now: date(2))
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/big.mp4"))
        #expect(try cache.entries().map(\.key) == ["a"], "what was cached stays")
    }

    @Test func refusesFilesOutsideItsFolder() throws {
        let cache = VideoCache(folder: folder, budget: 1000)
        let outside = try TestPaths.makeScratch("elsewhere") + "/x.mp4"
        try Data([1]).write(to: URL(fileURLWithPath: outside))
        #expect(throws: VideoCacheError.self) { try cache.insert(key: "x", path: outside) }
    }

    @Test func clearRemovesEverything() throws {
        let cache = VideoCache(folder: folder, budget: 1000)
        try cache.insert(key: "a", path: write("a.mp4", bytes: 100), now: date(1))
        try cache.insert(key: "b", path: write("b.mp4", bytes: 200), now: date(2))
        let cleared = try cache.clear()
        #expect(cleared.files == 2 && cleared.bytes == 300)
        #expect(try cache.entries().isEmpty)
        #expect(!TestPaths.contents(folder).contains { $0.hasSuffix(".mp4") })
    }
}
