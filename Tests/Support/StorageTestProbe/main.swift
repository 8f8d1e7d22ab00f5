import Glibc
import LinkstrHost
import LinkstrPluginKit
import PluginABI
import PluginTesting

// A helper process for the storage tests: it opens a SQLite database through the real plugin and
// writes to it, so a test can run two processes against one file or kill one in the middle of a batch.
//
//   StorageTestProbe write PLUGIN DB OWNER_HEX TAG COUNT BATCH
//       writes COUNT records (keys "TAG-<n>") in batches of BATCH, then prints "done"
//   StorageTestProbe big-batch PLUGIN DB OWNER_HEX TAG COUNT
//       prints "applying", applies COUNT records in one batch, prints "applied", then waits to be killed
//   StorageTestProbe fill PLUGIN DB OWNER_HEX TAG MAX_FILE_BYTES
//       limits the size of files this process writes (RLIMIT_FSIZE: a full disk where no small file
//       system can be mounted), writes batches of 20 records until one fails, prints "stored N",
//       "status S", "error MESSAGE" and "count C" (what the store counts after the failure)

func fail(_ message: String) -> Never {
    let bytes = Array("StorageTestProbe: \(message)\n".utf8)
    _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(2)
}

/// Prints a line and flushes it at once: the test waits for it.
func say(_ line: String) {
    print(line)
    fflush(nil)
}

func bytes(hex: String) -> [UInt8] {
    var result: [UInt8] = []
    var index = hex.startIndex
    while index < hex.endIndex {
        let next = hex.index(index, offsetBy: 2)
        guard let byte = UInt8(hex[index..<next], radix: 16) else { fail("bad hex \(hex)") }
        result.append(byte)
        index = next
    }
    return result
}

let arguments = CommandLine.arguments
guard arguments.count >= 7, let count = Int(arguments[6]) else { fail("usage: see main.swift") }
let (mode, pluginPath, databasePath, owner, tag) = (arguments[1], arguments[2], arguments[3], bytes(hex: arguments[4]), arguments[5])

let host = FakeHost(pluginID: "org.linkstr.storage.sqlite", config: ["path": databasePath])
let storage: StorageBackend
do {
    let instance = try host.load(path: pluginPath)
    storage = StorageBackend(try instance.capability(LKH_CAP_STORAGE_V1, as: lkh_storage_v1.self))
    try storage.open()
} catch {
    fail("cannot open \(databasePath): \(error)")
}

func record(_ index: Int) -> StoredRecord {
    StoredRecord(
        owner: owner, collection: "post", key: Array("\(tag)-\(index)".utf8), parent: Array(tag.utf8), sort: Int64(index),
        flags: 1, value: [UInt8](repeating: UInt8(truncatingIfNeeded: index), count: 200))
}

switch mode {
case "write":
    guard arguments.count >= 8, let batch = Int(arguments[7]), batch > 0 else { fail("write needs BATCH") }
    var written = 0
    while written < count {
        let end = min(count, written + batch)
        do {
            try storage.apply((written..<end).map { .put(record($0)) })
        } catch {
            fail("batch at \(written): \(error)")
        }
        written = end
    }
    say("done")
case "big-batch":
    let operations = (0..<count).map { StorageOperation.put(record($0)) }
    say("applying")
    do {
        try storage.apply(operations)
    } catch {
        fail("batch: \(error)")
    }
    say("applied")
    while true { pause() }
case "fill":
    var limit = rlimit(rlim_cur: rlim_t(count), rlim_max: rlim_t(count))
    guard setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit) == 0 else { fail("setrlimit: \(String(cString: strerror(errno)))") }
    signal(SIGXFSZ, SIG_IGN)  // a write past the limit then fails with EFBIG instead of killing us
    var stored = 0
    for batch in 0..<5000 {
        do {
            try storage.apply((0..<20).map { .put(record(batch * 20 + $0)) })
            stored += 20
        } catch {
            say("stored \(stored)")
            say("status \(error.status.rawValue)")
            say("error \(error.message)")
            say("count \((try? storage.count(owner: owner)).map(String.init) ?? "failed")")
            exit(0)
        }
    }
    fail("the size limit never stopped a write")
default:
    fail("unknown mode \(mode)")
}
