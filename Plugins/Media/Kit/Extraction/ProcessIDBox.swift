import Glibc
import Synchronization

/// The pid of a started yt-dlp, so that whatever is left of its process group (an ffmpeg it spawned)
/// is killed when the run ends for any reason. Thread-safe.
final class ProcessIDBox: Sendable {
    private let pid = Mutex<pid_t>(0)

    func set(_ value: pid_t) {
        pid.withLock { $0 = value }
    }

    /// yt-dlp leads its own session, so its pid is also its process group id.
    func killGroupIfStarted() {
        let group = pid.withLock { $0 }
        if group > 0 { kill(-group, SIGKILL) }
    }
}
