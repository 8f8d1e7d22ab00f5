import CHostSupport
import Foundation
import Glibc

/// The app's end of the browser helper's questions: a Unix socket (mode 0600, in a 0700 folder of
/// the user's runtime folder) where `linkstr browser host` sends a ``BrowserPermission`` and waits
/// for the person's answer. Only processes of the same user are heard (SO_PEERCRED); one question
/// per connection.
///
/// Thread rule: connections are served on threads of their own; `stop` from any thread.
public final class BrowserQuestionServer: Sendable {
    public let address: UnlockAgentAddress
    private let listener: UnlockAgentSocket.Listener
    private let ask: @Sendable (BrowserPermission) async -> BrowserAnswer?

    private init(address: UnlockAgentAddress, listener: UnlockAgentSocket.Listener, ask: @escaping @Sendable (BrowserPermission) async -> BrowserAnswer?) {
        self.address = address
        self.listener = listener
        self.ask = ask
    }

    /// Listens at `address` and hands each question to `ask` (nil: nobody answered in time); nil
    /// when another app of this home listens there already.
    /// - Throws: when the folder is not the user's, or a call fails.
    public static func start(
        at address: UnlockAgentAddress, ask: @escaping @Sendable (BrowserPermission) async -> BrowserAnswer?
    ) throws(LinkstrError) -> BrowserQuestionServer? {
        if let other = try? UnlockAgentSocket.connect(address, timeout: .seconds(1)) {
            close(other)
            return nil
        }
        let folder = try UnlockAgentSocket.prepareFolder(address.folder)
        defer { close(folder) }
        let server = BrowserQuestionServer(address: address, listener: try UnlockAgentSocket.listen(address, folder: folder), ask: ask)
        Thread.detachNewThread { server.run() }
        return server
    }

    /// Stops taking questions and removes the socket; questions being asked end with their answers.
    public func stop() {
        unlink(address.socketPath)
        listener.stop()
    }

    private func run() {
        listener.acceptEach { connection in
            // The app starts programs (a browser, yt-dlp): they must not hold a question open.
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
            Thread.detachNewThread { [self] in serve(connection) }
        }
    }

    private func serve(_ connection: Int32) {
        var peer: UInt32 = 0
        UnlockAgentSocket.setReceiveTimeout(connection, AppPermissionPrompt.acknowledgeTimeout)
        guard linkstr_peer_uid(connection, &peer) == 0, peer == getuid(),
            let permission = UnlockAgentLineReader(connection).next(BrowserPermission.self),
            UnlockAgentSocket.send(BrowserQuestionReply(state: .asked), to: connection)
        else {
            close(connection)
            return
        }
        Task { [ask] in
            let answer = await ask(permission)
            _ = UnlockAgentSocket.send(BrowserQuestionReply(state: answer == nil ? .unanswered : .answered, answer: answer), to: connection)
            close(connection)
        }
    }
}
