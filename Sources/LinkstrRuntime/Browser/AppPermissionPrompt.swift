import Foundation
import Glibc
import LinkstrHost

/// Asks the person in the linkstr app, when one is open for this home, and otherwise with the
/// `fallback` (the desktop notification). The app listens on a Unix socket in the user's runtime
/// folder (see ``BrowserQuestionServer``); before a question is sent, the socket is checked to be
/// this user's own — its folder the user's and closed to others, the process listening one of the
/// user's (SO_PEERCRED) — so another user cannot answer, nor learn which site asks. A socket that
/// fails the check is said on stderr and not used. An app that does not take the question within
/// ``acknowledgeTimeout``, or closes before answering, counts as no app.
public struct AppPermissionPrompt: BrowserPermissionPrompt {
    /// How long the app has to show the question.
    public static let acknowledgeTimeout: Duration = .seconds(5)
    /// How long the app's question waits for the person (the same minute as a notification's).
    public static let answerTimeout = NotificationPermissionPrompt.defaultTimeout

    public let address: UnlockAgentAddress
    public let fallback: (any BrowserPermissionPrompt)?
    let say: @Sendable (String) -> Void

    /// - Parameter say: told why the app was not asked when a socket is there but not trusted.
    public init(address: UnlockAgentAddress, fallback: (any BrowserPermissionPrompt)?, say: @escaping @Sendable (String) -> Void) {
        self.address = address
        self.fallback = fallback
        self.say = say
    }

    /// Where the app of the home with `dataDirectory` takes questions:
    /// `$XDG_RUNTIME_DIR/linkstr/browser-questions-<hash>.sock` (or `<data>/browser-questions/browser-questions.sock`).
    public static func address(dataDirectory: String, environment: [String: String]) -> UnlockAgentAddress {
        UnlockAgentAddress(dataDirectory: dataDirectory, environment: environment, name: "browser-questions")
    }

    /// Where the app of the home `configuration` names takes questions.
    public static func address(for configuration: RuntimeConfiguration) -> UnlockAgentAddress {
        let paths = LinkstrPaths.resolve(home: configuration.home, configFile: configuration.configFile, environment: configuration.environment)
        return address(dataDirectory: paths.dataDirectory, environment: configuration.environment)
    }

    private enum Outcome {
        case answered(BrowserAnswer)
        case unanswered
        case noApp
    }

    public func ask(_ permission: BrowserPermission) async -> BrowserAnswer? {
        let outcome = await withCheckedContinuation { (done: CheckedContinuation<Outcome, Never>) in
            // The socket calls block: on a thread of their own, not the concurrency pool's.
            Thread.detachNewThread { done.resume(returning: askApp(permission)) }
        }
        switch outcome {
        case .answered(let answer): return answer
        case .unanswered: return nil
        case .noApp: return await fallback?.ask(permission)
        }
    }

    private func askApp(_ permission: BrowserPermission) -> Outcome {
        let socket: Int32
        do throws(UnlockAgentSocket.Refusal) {
            guard let connected = try UnlockAgentSocket.connect(address, timeout: Self.acknowledgeTimeout) else { return .noApp }
            socket = connected
        } catch {
            say("not asking in the linkstr app: \(error.reason); nothing was sent to it, a desktop notification asks instead. Remove it; the app makes it again when it starts")
            return .noApp
        }
        defer { close(socket) }
        let reader = UnlockAgentLineReader(socket)
        guard UnlockAgentSocket.send(permission, to: socket), reader.next(BrowserQuestionReply.self)?.state == .asked else { return .noApp }
        UnlockAgentSocket.setReceiveTimeout(socket, Self.answerTimeout + .seconds(10))
        guard let reply = reader.next(BrowserQuestionReply.self) else { return .noApp }
        return reply.answer.map(Outcome.answered) ?? .unanswered
    }
}
