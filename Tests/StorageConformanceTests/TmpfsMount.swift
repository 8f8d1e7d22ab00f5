import Glibc

/// A small tmpfs mounted for one test (the tests run as root here and in CI), to get a full disk or
/// a read-only file system that even root cannot write.
final class TmpfsMount {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let path: String
    private let size: String

    private static let readOnlyFlag: UInt = 1  // MS_RDONLY
    private static let remountFlag: UInt = 32  // MS_REMOUNT
    private static let detachFlag: Int32 = 2  // MNT_DETACH

    /// Mounts a tmpfs of `size` (e.g. "1m") on a new scratch folder.
    init(size: String, readOnly: Bool = false) throws {
        path = Scratch.directory("tmpfs")
        self.size = size
        guard mount("tmpfs", path, "tmpfs", readOnly ? Self.readOnlyFlag : 0, "size=\(size),mode=0700") == 0 else {
            let reason = String(cString: strerror(errno))
            Scratch.remove(path)
            throw Failure(description: "cannot mount a tmpfs on \(path) (this test needs root and CAP_SYS_ADMIN): \(reason)")
        }
    }

    func remount(readOnly: Bool) throws {
        let flags = Self.remountFlag | (readOnly ? Self.readOnlyFlag : 0)
        guard mount("tmpfs", path, "tmpfs", flags, "size=\(size),mode=0700") == 0 else {
            throw Failure(description: "cannot remount \(path): \(String(cString: strerror(errno)))")
        }
    }

    func unmount() {
        umount2(path, Self.detachFlag)
        Scratch.remove(path)
    }
}
