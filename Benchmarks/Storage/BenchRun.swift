import Glibc
import LinkstrHost
import LinkstrPluginKit
import LinkstrRuntime
import PluginABI
import PluginTesting

/// One benchmark run on one backend: load the feed data, then time the reads.
struct BenchRun {
    let name: String
    let backend: StorageBackend
    let instance: PluginInstance
    let cipher: RecordCipher?
    let options: Options
    let owner: [UInt8]
    let sessionIDs: [[UInt8]]

    init(kind: String, config: [String: String], encrypted: Bool, options: Options) throws {
        name = kind + (encrypted ? " + AES-GCM" : "")
        let host = FakeHost(pluginID: "org.linkstr.storage.\(kind)", config: config)
        instance = try host.load(path: BuildProducts.plugin(kind))
        backend = StorageBackend(try instance.capability(LKH_CAP_STORAGE_V1, as: lkh_storage_v1.self))
        try backend.open()
        cipher = encrypted ? try RecordCipher(ownerKey: Self.random(32)) : nil
        self.options = options
        owner = Self.random(32)
        sessionIDs = (0..<options.sessions).map { _ in Self.random(32) }
    }

    static func random(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 8)
        while bytes.count < count {
            withUnsafeBytes(of: generator.next() as UInt64) { bytes.append(contentsOf: $0) }
        }
        return Array(bytes.prefix(count))
    }

    /// A post's value: what the engine would keep of a root post (URL, note, title, wrap ids).
    private func postValue(_ index: Int) -> [UInt8] {
        let text = """
            {"url":"https://www.example.com/watch?v=\(index)&list=shared","note":"A link worth watching, number \(index), \
            with a short note","title":"Video title \(index)","sender":"\(String(repeating: "ab", count: 32))",\
            "wraps":["\(String(repeating: "cd", count: 32))","\(String(repeating: "ef", count: 32))"]}
            """
        return Array(text.utf8)
    }

    private func sealed(_ record: StoredRecord) throws -> StoredRecord {
        try cipher.map { try $0.seal(record) } ?? record
    }

    func run() throws -> BenchResult {
        defer { instance.destroy() }
        let sizeBefore = Self.size(backend.describe())
        // The data is made before the clock starts; sealing (when encrypted) is timed with the inserts.
        let posts = (0..<options.posts).map { post in
            StoredRecord(
                owner: owner, collection: "post", key: Self.random(32), parent: sessionIDs[post % sessionIDs.count],
                sort: 1_700_000_000 + Int64(post), flags: post % 10 == 0 ? 1 : 0, value: postValue(post))
        }
        let start = BenchClock.now()
        var index = 0
        while index < options.posts {
            let end = min(options.posts, index + options.batch)
            try backend.apply(try posts[index..<end].map { .put(try sealed($0)) })
            index = end
        }
        let insertSeconds = BenchClock.now() - start
        try backend.apply(
            try sessionIDs.enumerated().map { number, id in
                .put(
                    try sealed(
                        StoredRecord(
                            owner: owner, collection: "session", key: id, sort: 1_700_000_000 + Int64(number),
                            flags: number % 5 == 0 ? 1 : 0, value: Array("{\"name\":\"Session \(number)\",\"members\":3}".utf8))))
            })

        var feed: [Double] = []
        var unread: [Double] = []
        for query in 0..<options.queries {
            let session = sessionIDs[query * 7919 % sessionIDs.count]
            let feedStart = BenchClock.now()
            let posts = try backend.query(StorageQuery(owner: owner, collection: "post", parent: session, descending: true, limit: 50))
            if let cipher { _ = try posts.map { try cipher.open($0) } }
            feed.append(BenchClock.now() - feedStart)
            guard posts.count == 50 || options.posts < 50 * options.sessions else {
                throw PluginError(.internal, "feed query returned \(posts.count) posts")
            }

            let unreadStart = BenchClock.now()
            let sessions = try backend.query(StorageQuery(owner: owner, collection: "session", flagsMask: 1, flagsValue: 1, descending: true))
            if let cipher { _ = try sessions.map { try cipher.open($0) } }
            unread.append(BenchClock.now() - unreadStart)
        }
        let sizeAfter = Self.size(backend.describe())
        return BenchResult(
            backend: name, insertsPerSecond: Double(options.posts) / insertSeconds,
            feedMedian: BenchClock.percentile(feed, 0.5), feedP95: BenchClock.percentile(feed, 0.95),
            unreadMedian: BenchClock.percentile(unread, 0.5), unreadP95: BenchClock.percentile(unread, 0.95),
            sizeBytes: sizeAfter.flatMap { after in sizeBefore.map { after - min(after, $0) } })
    }

    /// `size_bytes` of a describe JSON.
    private static func size(_ description: String?) -> UInt64? {
        guard let description, let range = description.range(of: "\"size_bytes\":") else { return nil }
        return UInt64(description[range.upperBound...].prefix { $0.isNumber })
    }
}
