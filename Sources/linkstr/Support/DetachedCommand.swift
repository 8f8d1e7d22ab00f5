import Foundation
import Glibc

/// Starts this program again with other arguments in a process group of its own, its input and output on
/// /dev/null, and does not wait for it: work a command hands off so that it returns at once (the
/// webhook sync after a save).
enum DetachedCommand {
    /// - Returns: whether it started.
    @discardableResult
    static func start(_ arguments: [String], global: GlobalOptions) -> Bool {
        let path = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        var passed = arguments
        if let home = global.home { passed += ["--home", home] }
        if let config = global.config { passed += ["--config", config] }
        if let storage = global.storage { passed += ["--storage", storage] }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A process group of its own: Ctrl-C in the terminal does not reach it.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in 0...2 {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        // Descriptors not marked close-on-exec (a copy of stdout kept by a library) would hold the
        // caller's pipes open after this program ends.
        let inherited = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.compactMap { Int32($0) } ?? []
        for descriptor in inherited where descriptor > 2 { posix_spawn_file_actions_addclose(&actions, descriptor) }
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + passed).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        return posix_spawn(&pid, path, &actions, &attributes, argv, environ) == 0
    }
}
