import Foundation
import LinkstrRuntime
import Synchronization

/// Connecting this home to a remote signer from the app, as `linkstr account connect` does: one
/// attempt at a time, run in the background so that its page follows it live — the `auth_url` a
/// signer asks to be opened, the nostrconnect:// offer with its deadline, the question when the
/// signer would replace the account's, and how it ended.
///
/// Thread rule: any thread; every change is told to the open pages as a `connection` change.
final class SignerConnection: Sendable {
    enum Phase: Sendable, Equatable {
        case idle
        /// Connecting to the signer of a bunker:// link.
        case connecting(signer: String)
        /// Waiting for a signer to answer the nostrconnect:// offer until `deadline` (Unix seconds).
        case offering(uri: String, deadline: Int64)
        /// The signer proved the account's key, but the account has another signer: the question.
        case replacing(question: String)
        case failed(String)
        case connected(npub: String, reconnected: Bool)
    }

    /// A connected client whose signer would replace the account's, kept while the person decides.
    struct Replacement: Sendable {
        var client: RemoteSignerClient
        var sessionKey: SecretKey
        var current: RemoteSignerLink
    }

    private struct State {
        var phase = Phase.idle
        /// The last `auth_url` of this attempt (only http and https are kept: it becomes a link).
        var authURL: String?
        var task: Task<Void, Never>?
        var replacement: Replacement?
    }

    private let state = Mutex(State())
    private let live: LiveChanges

    init(live: LiveChanges) {
        self.live = live
    }

    var phase: Phase { state.withLock { $0.phase } }
    var authURL: String? { state.withLock { $0.authURL } }

    /// Whether an attempt runs (or waits for the person): a second one is refused meanwhile.
    var isBusy: Bool {
        state.withLock { state in
            switch state.phase {
            case .connecting, .offering, .replacing: return true
            case .idle, .failed, .connected: return false
            }
        }
    }

    /// Starts `work` as the attempt in `phase`; false when another one runs.
    func begin(_ phase: Phase, _ work: @escaping @Sendable () async -> Void) -> Bool {
        let started = state.withLock { state -> Bool in
            switch state.phase {
            case .connecting, .offering, .replacing: return false
            case .idle, .failed, .connected: break
            }
            state.phase = phase
            state.authURL = nil
            state.task = Task { await work() }
            return true
        }
        if started { changed() }
        return started
    }

    func move(to phase: Phase, keeping replacement: Replacement? = nil) {
        state.withLock { state in
            state.phase = phase
            state.replacement = replacement
        }
        changed()
    }

    /// The replacement waiting for the person's answer, taken (answered once).
    func takeReplacement() -> Replacement? {
        state.withLock { state in
            defer { state.replacement = nil }
            return state.replacement
        }
    }

    /// A remote signer's `auth_url`: shown on the page as a link to open (when it is a web address).
    func heardAuthURL(_ url: String) {
        guard let scheme = URL(string: url)?.scheme?.lowercased(), scheme == "https" || scheme == "http" else { return }
        state.withLock { $0.authURL = url }
        changed()
    }

    /// Ends what runs (the app stops): the offer's wait is cancelled, a kept client closed.
    func cancel() async {
        let (task, replacement) = state.withLock { state in
            defer {
                state.task = nil
                state.replacement = nil
            }
            return (state.task, state.replacement)
        }
        replacement?.client.close()
        task?.cancel()
        await task?.value
    }

    private func changed() {
        live.publish(LiveChange(kind: "connection", session: SignerConnection.liveName))
    }

    /// The name of the connect page's live region (`data-live`), which the change names as its session.
    static let liveName = "connection"
}
