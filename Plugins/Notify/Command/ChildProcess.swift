import Glibc
import NotifierKit

/// Runs one program — argument array, no shell — in a process group of its own.
///
/// Its standard input is one end of a socket pair holding `input` (written with MSG_NOSIGNAL, so a
/// program that never reads cannot kill linkstr with SIGPIPE); standard output goes to /dev/null;
/// standard error is another socket pair, of which the last 4 KiB are kept for the error message.
/// Both pairs are made close-on-exec atomically, so no other program started at the same moment
/// inherits them; the child gets only descriptors 0, 1 and 2 of ours (the host opens everything
/// else close-on-exec). On timeout or cancel the whole
/// group gets SIGTERM and, half a second later, SIGKILL, so no helper process outlives the call.
///
/// Thread rule: `run` blocks its thread until the program has ended and has been reaped.
struct ChildProcess {
    let executable: String
    /// argv, starting with the program name as configured.
    let argv: [String]
    let input: [UInt8]
    let timeoutSeconds: Double

    /// Milliseconds between checks of the clock, the cancellation and the child's exit.
    private static let tick: Int32 = 20
    private static let errorTailCapacity = 4096

    func run(cancellation: DeliveryCancellation) throws(ChildProcessError) -> ChildOutcome {
        var inputPair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &inputPair) == 0 else {
            throw ChildProcessError(operation: "creating its standard input", errno: errno)
        }
        var errorPair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &errorPair) == 0 else {
            let code = errno
            inputPair.forEach { close($0) }
            throw ChildProcessError(operation: "creating its standard error", errno: code)
        }
        let pid: pid_t
        do {
            defer {
                close(inputPair[1])
                close(errorPair[1])
            }
            pid = try spawn(stdin: inputPair[1], stderr: errorPair[1])
        } catch {
            close(inputPair[0])
            close(errorPair[0])
            throw error
        }
        return supervise(pid, input: inputPair[0], errors: errorPair[0], cancellation: cancellation)
    }

    private func spawn(stdin: Int32, stderr: Int32) throws(ChildProcessError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)  // a new group, led by the child
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGQUIT, SIGHUP, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)

        let arguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        var pid = pid_t()
        var result = posix_spawn(&pid, executable, &actions, &attributes, arguments, environ)
        // ETXTBSY: another process forked while the program file was still open for writing (a
        // script written a moment ago); that descriptor closes at its exec, so try again shortly.
        var attempts = 0
        while result == ETXTBSY, attempts < 20 {
            attempts += 1
            usleep(10_000)
            result = posix_spawn(&pid, executable, &actions, &attributes, arguments, environ)
        }
        guard result == 0 else { throw ChildProcessError(operation: "starting it", errno: result) }
        return pid
    }

    /// Feeds the input, collects standard error, and waits for the exit, the deadline or a cancel.
    private func supervise(_ pid: pid_t, input inputSocket: Int32, errors: Int32, cancellation: DeliveryCancellation) -> ChildOutcome {
        var inputSocket = inputSocket
        var errors = errors
        var pending = input[...]
        var errorTail: [UInt8] = []
        let deadline = Self.now() + timeoutSeconds
        var termination: ChildTermination?

        while termination == nil {
            if pending.isEmpty, inputSocket >= 0 {
                close(inputSocket)  // end of input for the child
                inputSocket = -1
            }
            var descriptors: [pollfd] = []
            if inputSocket >= 0 { descriptors.append(pollfd(fd: inputSocket, events: Int16(POLLOUT), revents: 0)) }
            if errors >= 0 { descriptors.append(pollfd(fd: errors, events: Int16(POLLIN), revents: 0)) }
            _ = poll(&descriptors, nfds_t(descriptors.count), Self.tick)
            for descriptor in descriptors where descriptor.revents != 0 {
                if descriptor.fd == inputSocket {
                    let sent = pending.withUnsafeBytes { send(inputSocket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
                    if sent > 0 {
                        pending = pending.dropFirst(sent)
                    } else if sent < 0, errno != EAGAIN, errno != EINTR {
                        pending = []  // the child closed its input; it will say what it thinks in its status
                    }
                } else if !Self.readSome(errors, into: &errorTail) {
                    close(errors)
                    errors = -1
                }
            }
            if let status = Self.reap(pid, blocking: false) {
                termination = Self.termination(status)
            } else if cancellation.isCancelled {
                Self.stopGroup(pid)
                termination = .cancelled
            } else if Self.now() >= deadline {
                Self.stopGroup(pid)
                termination = .timedOut
            }
        }
        if errors >= 0 {
            // The child is gone; take what is already in the socket, without waiting for helpers that
            // may still hold its write end.
            _ = fcntl(errors, F_SETFL, fcntl(errors, F_GETFL) | O_NONBLOCK)
            while Self.readSome(errors, into: &errorTail) {}
            close(errors)
        }
        if inputSocket >= 0 { close(inputSocket) }
        return ChildOutcome(termination: termination!, errorTail: String(decoding: errorTail, as: UTF8.self))
    }

    /// Reads what is there into the bounded tail. False at end of file or on an error.
    private static func readSome(_ descriptor: Int32, into tail: inout [UInt8]) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(descriptor, &buffer, buffer.count)
        if count < 0 { return errno == EINTR }
        guard count > 0 else { return false }
        tail.append(contentsOf: buffer[..<count])
        if tail.count > errorTailCapacity { tail.removeFirst(tail.count - errorTailCapacity) }
        return true
    }

    /// SIGTERM to the group, up to half a second to go, then SIGKILL to whatever is left of it.
    private static func stopGroup(_ pid: pid_t) {
        kill(-pid, SIGTERM)
        let grace = now() + 0.5
        while reap(pid, blocking: false) == nil {
            guard now() < grace else {
                kill(-pid, SIGKILL)
                _ = reap(pid, blocking: true)
                return
            }
            usleep(10_000)
        }
        kill(-pid, SIGKILL)  // helpers the child started and left behind
    }

    /// The wait status once the child has exited (it is then reaped), else nil.
    private static func reap(_ pid: pid_t, blocking: Bool) -> Int32? {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
            if result == pid { return status }
            if result < 0, errno == EINTR { continue }
            // 0: still running; ECHILD: someone else reaped it (SIGCHLD ignored), treat it as gone.
            return result < 0 ? 0 : nil
        }
    }

    private static func termination(_ status: Int32) -> ChildTermination {
        let signal = status & 0x7F
        return signal == 0 ? .exited(status: (status >> 8) & 0xFF) : .signaled(signal: signal)
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
