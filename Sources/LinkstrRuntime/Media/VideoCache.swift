import Foundation
import Glibc

/// Extracted videos on disk, `<cache>/videos`, kept under a byte budget (`media_cache_bytes`, 1 GiB by
/// default) by evicting the least recently used first.
///
/// The bookkeeping survives restarts: `index.json` in the folder maps each source (the keyed name of
/// the canonical URL, `MediaCacheKey`) to its file, size and last use. The folder is 0700, the
/// index and the videos 0600: what was watched is private. Opening reconciles it with the folder: entries whose file is gone
/// are dropped, video files the index does not know (a crash between download and insert) are
/// adopted with their modification time as last use, and job folders (`.tmp-*`) older than an hour
/// are removed. Several processes may share the folder: every change holds an exclusive `flock` on
/// `.lock` and rewrites the index atomically.
///
/// Thread rule: thread-safe.
public final class VideoCache: Sendable {
    public struct Entry: Codable, Equatable, Sendable {
        /// The source, usually the keyed name of the canonical URL.
        public var key: String
        /// The file name inside the folder.
        public var file: String
        public var bytes: Int64
        /// Seconds since the epoch.
        public var lastUsed: Double
    }

    public let folder: String
    public let budget: Int64
    private let lock = NSLock()

    public init(folder: String, budget: Int64) {
        self.folder = folder
        self.budget = budget
    }

    public static let indexName = "index.json"

    /// Creates the folder if needed, and makes it 0700.
    public func prepare() throws(VideoCacheError) {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .io("cannot create the video cache folder \(folder): \(error.localizedDescription)")
        }
        chmod(folder, 0o700)
    }

    /// The cached file for `key`, marked as just used; nil when absent (or its file vanished).
    public func lookup(_ key: String, now: Date = Date()) throws(VideoCacheError) -> (path: String, entry: Entry)? {
        try locked { entries in
            guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
            entries[index].lastUsed = now.timeIntervalSince1970
            return (folder + "/" + entries[index].file, entries[index])
        }
    }

    /// Records a file that was just written into the folder, then evicts the least recently used
    /// others until the total fits the budget. A file larger than the whole budget is deleted and
    /// refused. Returns the entries evicted.
    @discardableResult
    public func insert(key: String, path: String, now: Date = Date()) throws(VideoCacheError) -> [Entry] {
        let name = URL(fileURLWithPath: path).lastPathComponent
        guard URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path
            == URL(fileURLWithPath: folder).standardizedFileURL.path
        else { throw .io("\(path) is not inside the video cache \(folder)") }
        var info = stat()
        guard stat(path, &info) == 0 else { throw .io("\(path): \(String(cString: strerror(errno)))") }
        let size = Int64(info.st_size)
        chmod(path, 0o600)
        guard size <= budget else {
            unlink(path)
            throw .tooLarge(bytes: size, budget: budget)
        }
        return try locked { entries in
            entries.removeAll { $0.key == key || $0.file == name }
            entries.append(Entry(key: key, file: name, bytes: size, lastUsed: now.timeIntervalSince1970))
            var evicted: [Entry] = []
            var total = entries.reduce(0) { $0 + $1.bytes }
            for victim in entries.sorted(by: { $0.lastUsed < $1.lastUsed }) where total > budget && victim.file != name {
                unlink(folder + "/" + victim.file)
                total -= victim.bytes
                evicted.append(victim)
            }
            entries.removeAll { entry in evicted.contains { $0.file == entry.file } }
            return evicted
        }
    }

    /// Deletes the video of `key`; returns whether there was one.
    @discardableResult
    public func remove(_ key: String) throws(VideoCacheError) -> Bool {
        try locked { entries in
            guard let index = entries.firstIndex(where: { $0.key == key }) else { return false }
            unlink(folder + "/" + entries[index].file)
            entries.remove(at: index)
            return true
        }
    }

    /// Every entry, most recently used first.
    public func entries() throws(VideoCacheError) -> [Entry] {
        try locked { $0.sorted { $0.lastUsed > $1.lastUsed } }
    }

    /// Deletes every cached video and the index. Returns how many files and bytes were removed.
    @discardableResult
    public func clear() throws(VideoCacheError) -> (files: Int, bytes: Int64) {
        try locked { entries in
            let removed = (entries.count, entries.reduce(0) { $0 + $1.bytes })
            for entry in entries { unlink(folder + "/" + entry.file) }
            entries.removeAll()
            return removed
        }
    }

    // MARK: Index

    /// Runs `body` on the reconciled index under the process and file locks, then saves it.
    private func locked<T>(_ body: (inout [Entry]) throws(VideoCacheError) -> T) throws(VideoCacheError) -> T {
        try prepare()
        lock.lock()
        defer { lock.unlock() }
        let lockPath = folder + "/.lock"
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .io("cannot open \(lockPath): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw .io("cannot lock \(lockPath): \(String(cString: strerror(errno)))") }
        }
        var entries = reconciled(loadIndex())
        let result = try body(&entries)
        try saveIndex(entries)
        return result
    }

    private func loadIndex() -> [Entry] {
        guard let data = FileManager.default.contents(atPath: folder + "/" + Self.indexName) else { return [] }
        // A damaged index is rebuilt from the folder (every file adopted) rather than failing.
        return (try? JSONDecoder().decode([Entry].self, from: data)) ?? []
    }

    private func saveIndex(_ entries: [Entry]) throws(VideoCacheError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            try encoder.encode(entries).write(to: URL(fileURLWithPath: folder + "/" + Self.indexName), options: .atomic)
            chmod(folder + "/" + Self.indexName, 0o600)
        } catch {
            throw .io("cannot write the video cache index in \(folder): \(error.localizedDescription)")
        }
    }

    private func reconciled(_ indexed: [Entry]) -> [Entry] {
        var entries: [Entry] = []
        var known = Set<String>()
        for entry in indexed where known.insert(entry.file).inserted {
            var info = stat()
            if stat(folder + "/" + entry.file, &info) == 0 {
                entries.append(Entry(key: entry.key, file: entry.file, bytes: Int64(info.st_size), lastUsed: entry.lastUsed))
            }
        }
        let now = Date().timeIntervalSince1970
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where !known.contains(name) {
            var info = stat()
            let path = folder + "/" + name
            guard stat(path, &info) == 0 else { continue }
            if name.hasPrefix(".tmp-") {
                if now - Double(info.st_mtim.tv_sec) > 3600 { try? FileManager.default.removeItem(atPath: path) }
                continue
            }
            guard !name.hasPrefix("."), name != Self.indexName, info.st_mode & S_IFMT == S_IFREG else { continue }
            entries.append(Entry(key: "file:" + name, file: name, bytes: Int64(info.st_size), lastUsed: Double(info.st_mtim.tv_sec)))
        }
        return entries
    }
}
