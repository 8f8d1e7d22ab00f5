import Foundation
@testable import LinkstrRuntime
import Testing

/// The one writer of private files (keys, profiles.json, lock.json, backups, the notified ids, the
/// browser permissions): the whole new content or the old, mode 0600, in a folder only the user may enter.
@Suite struct PrivateFileTests {
    @Test func replacesAFileWholeAsOnlyItsOwnerMayReadItAndLeavesNoTemporaryFile() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let path = scratch.path + "/new/folder/secret"
        try PrivateFile.replace(path, with: Array("first\n".utf8))
        // Someone made it readable by others: the next write is 0600 again.
        chmod(path, 0o644)
        try PrivateFile.replace(path, with: Array("second\n".utf8))

        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second\n")
        #expect(mode(of: path) == 0o600)
        #expect(mode(of: scratch.path + "/new/folder") == 0o700)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/new/folder") == ["secret"])
    }

    @Test func aWriteThatFailsNamesTheFileAndLeavesNoTemporaryFile() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let folder = scratch.folder("keys")
        let path = folder + "/key.nsec"
        try PrivateFile.replace(path, with: Array("old\n".utf8))
        // A folder where the file should be: the rename cannot replace it.
        let blocked = folder + "/blocked"
        scratch.folder("keys/blocked/inside")

        do {
            try PrivateFile.replace(blocked, with: Array("new\n".utf8))
            Issue.record("a folder in the way did not stop the write")
        } catch {
            #expect(error.description.hasPrefix("cannot write \(blocked): "), "\(error.description)")
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["blocked", "key.nsec"])
    }

    private func mode(of path: String) -> mode_t {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & 0o777 : 0
    }
}
