import Foundation
import Glibc
import LinkstrPluginKit

/// Remembers failed fetches on disk so that a dead link is not asked again on every feed refresh or
/// every run of the command: one small private file per URL, `<folder>/<keyed name of the url>`
/// (`CacheNaming`), holding the reason; its modification time says when. A failure older than `retryAfter` is forgotten.
///
/// Thread rule: thread-safe (each call works on one file with atomic writes).
struct FailureMemory: Sendable {
    let folder: String
    let naming: CacheNaming
    let retryAfter: Duration

    /// The remembered reason, when `url` failed less than `retryAfter` ago.
    func recentFailure(for url: String, now: Date = Date()) -> (reason: String, age: TimeInterval)? {
        let path = folder + "/" + naming.name(for: url)
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let age = now.timeIntervalSince1970 - TimeInterval(info.st_mtim.tv_sec)
        guard age < retryAfter.seconds else {
            unlink(path)
            return nil
        }
        let reason = (try? String(contentsOfFile: path, encoding: .utf8)) ?? "an earlier failure"
        return (reason, max(0, age))
    }

    func remember(_ reason: String, for url: String) {
        try? PrivateFiles.createFolder(folder)
        try? PrivateFiles.write(Array(reason.utf8), to: folder + "/" + naming.name(for: url))
    }
}
