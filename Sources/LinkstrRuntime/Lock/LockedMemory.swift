import COpenSSL
import Glibc

/// A fixed area of memory for secret bytes that is never swapped out (mlock) and left out of core
/// dumps (MADV_DONTDUMP); wiping overwrites it. When the system refuses the lock (RLIMIT_MEMLOCK)
/// the area still works, unlocked.
///
/// Thread rule: not thread-safe; its owner serializes the calls.
final class LockedMemory {
    private let base: UnsafeMutableRawPointer
    let capacity: Int
    private var used = 0

    init(capacity: Int = 16 * 1024) {
        let page = max(4096, sysconf(Int32(_SC_PAGESIZE)))
        self.capacity = (capacity + page - 1) / page * page
        let area = mmap(nil, self.capacity, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let area, area != MAP_FAILED else { fatalError("cannot map \(capacity) bytes for secrets: \(String(cString: strerror(errno)))") }
        base = area
        _ = mlock(base, self.capacity)
        _ = madvise(base, self.capacity, MADV_DONTDUMP)
    }

    deinit {
        wipe()
        munlock(base, capacity)
        munmap(base, capacity)
    }

    /// Copies `bytes` in; nil when the area is full.
    func append(_ bytes: [UInt8]) -> Range<Int>? {
        guard used + bytes.count <= capacity else { return nil }
        let range = used..<(used + bytes.count)
        bytes.withUnsafeBytes { (base + used).copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
        used += bytes.count
        return range
    }

    func bytes(_ range: Range<Int>) -> [UInt8] {
        Array(UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count))
    }

    /// Overwrites everything stored with zeros and makes the whole area free again.
    func wipe() {
        OPENSSL_cleanse(base, capacity)
        used = 0
    }
}
