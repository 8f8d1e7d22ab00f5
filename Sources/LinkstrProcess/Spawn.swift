import Foundation
import Glibc

/// posix_spawn as linkstr's programs start every child: no blocked signal and the default action
/// for the usual ones whatever the calling thread set (linkstr ignores SIGPIPE; its children must
/// not), what each of stdin, stdout and stderr is, and nothing else open.
enum Spawn {
    /// What one of the child's descriptors 0, 1 and 2 is.
    enum Descriptor {
        /// This process's own (a terminal the person uses).
        case inherited
        case devNull
        /// This descriptor (an end of a pipe; it is closed in the child after the copy).
        case copy(Int32)
    }

    /// Starts `executable` with `arguments` and `environment` (nil: this process's); its process id.
    ///
    /// - Parameters:
    ///   - ownGroup: a process group of its own (Ctrl-C in the terminal does not reach it).
    static func start(
        _ executable: String, _ arguments: [String], environment: [String: String]?, descriptors: [Descriptor], ownGroup: Bool
    ) -> Result<pid_t, DetachedProcess.SpawnError> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, descriptor) in zip(Int32(0)...2, descriptors) {
            switch descriptor {
            case .inherited: break
            case .devNull: posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            case .copy(let source): posix_spawn_file_actions_adddup2(&actions, source, target)
            }
        }
        // Every descriptor above 2 is closed in the child, not only the close-on-exec ones: a test
        // process or a long-running watch holds hundreds (databases, sockets), and a child that
        // inherits them runs out (PostgreSQL refuses to start with fewer than 58 free under `ulimit -n 1024`).
        if let closeFrom = closeFromAction {
            _ = closeFrom(&actions, 3)
        } else {
            let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.compactMap { Int32($0) } ?? []
            for descriptor in open where descriptor > 2 { posix_spawn_file_actions_addclose(&actions, descriptor) }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if ownGroup {
            flags |= POSIX_SPAWN_SETPGROUP
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGQUIT, SIGHUP, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?]? = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer {
            argv.forEach { free($0) }
            envp?.forEach { free($0) }
        }
        var pid = pid_t()
        let result = envp.map { posix_spawn(&pid, executable, &actions, &attributes, argv, $0) }
            ?? posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        return result == 0 ? .success(pid) : .failure(DetachedProcess.SpawnError(code: result))
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), looked up because its
    /// header declares it for `_GNU_SOURCE` only, which Swift's Glibc module does not set.
    private static let closeFromAction: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? =
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np").map { unsafeBitCast($0, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self) }

    /// A pipe whose two ends are closed on exec (the child gets its copies through `Descriptor.copy`;
    /// other children never hold them open).
    static func pipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [0, 0]
        guard Glibc.pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }
}
