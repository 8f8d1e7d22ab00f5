import Foundation
import Glibc
import LinkstrHost
import LinkstrRuntime
import Synchronization
import TestSupport
import Testing

/// The browser helper asks the open app over a Unix socket, and only the same user's app: a socket
/// that another user planted, or one in a folder others may enter, or anything that is not a socket,
/// is not asked (nothing is sent to it) and the desktop notification is used instead.
@Suite(.timeLimit(.minutes(1))) struct AppPermissionPromptTests {
    private let permission = BrowserPermission(origin: "https://example.org", method: .signEvent, kind: 1, profile: ProfileID(), profileName: "work")

    /// What was said on stderr.
    private final class Said: Sendable {
        let lines = Mutex<[String]>([])
        var text: String { lines.withLock { $0.joined(separator: "\n") } }
    }

    private func prompt(_ address: UnlockAgentAddress, fallback: ScriptedPrompt, said: Said) -> AppPermissionPrompt {
        AppPermissionPrompt(address: address, fallback: fallback, say: { line in said.lines.withLock { $0.append(line) } })
    }

    @Test func theOpenAppAnswersAndWithoutItTheNotificationAsks() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let address = AppPermissionPrompt.address(dataDirectory: scratch.file("data"), environment: ["XDG_RUNTIME_DIR": scratch.folder("run")])
        let fallback = ScriptedPrompt(answering: .deny)
        let said = Said()
        let prompt = prompt(address, fallback: fallback, said: said)

        // No app: the notification is asked, and nothing is said.
        #expect(await prompt.ask(permission) == .deny)
        #expect(fallback.questions.count == 1 && said.text.isEmpty)

        let app = ScriptedPrompt(giving: .once)
        let server = try #require(try BrowserQuestionServer.start(at: address) { await app.ask($0) })
        #expect(await prompt.ask(permission) == .once)
        #expect(app.questions == [permission] && fallback.questions.count == 1)
        // A second app of the same home leaves the first one's socket alone.
        #expect(try BrowserQuestionServer.start(at: address) { _ in nil } == nil)
        #expect(await prompt.ask(permission) == .once)

        // A folder others may enter could hold anyone's socket: not asked.
        chmod(address.folder, 0o777)
        #expect(await prompt.ask(permission) == .deny)
        #expect(said.text.contains("is open to others (mode 777)"), "\(said.text)")
        #expect(app.questions.count == 2, "the app behind a folder open to others was asked")
        chmod(address.folder, 0o700)
        server.stop()

        // Something else at the socket's place.
        #expect(FileManager.default.createFile(atPath: address.socketPath, contents: Data("{}".utf8)))
        #expect(await prompt.ask(permission) == .deny)
        #expect(said.text.contains("\(address.socketPath) is not a socket"), "\(said.text)")
    }

    /// Another user's process listening on a socket at the app's place (moved there, even owned by
    /// this user) is refused by its peer credentials: nothing is sent, so it learns no site and
    /// cannot answer. Needs root, to run the other user's process.
    @Test(.enabled(if: getuid() == 0, "needs root to run a process as another user"))
    func anotherUsersAppIsNotAsked() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        // The other user must reach the folder to bind there (the test scratch is closed to others);
        // it is closed again before asking.
        let run = "/tmp/linkstr-other-user-" + UUID().uuidString.prefix(8)
        mkdir(run, 0o755)
        defer { try? FileManager.default.removeItem(atPath: run) }
        let address = AppPermissionPrompt.address(dataDirectory: scratch.file("data"), environment: ["XDG_RUNTIME_DIR": run])
        mkdir(address.folder, 0o777)
        chmod(address.folder, 0o777)
        let listener = try ExternalProcess(
            executable: "/usr/bin/python3",
            [
                "-c",
                """
                import os, socket, sys, time
                os.setgid(65534); os.setuid(65534)
                s = socket.socket(socket.AF_UNIX); s.bind(sys.argv[1]); s.listen(4)
                print("READY listening", flush=True)
                while True:
                    c, _ = s.accept()
                    data = c.recv(4096)
                    if data: print("HEARD", data, flush=True)
                    c.sendall(b'{"state":"asked"}\\n{"state":"answered","answer":"always"}\\n')
                """,
                address.socketPath,
            ])
        _ = try await listener.ready(timeout: .seconds(10))
        chmod(address.folder, 0o700)
        // Even owned by this user, the socket is answered by the other user's process.
        lchown(address.socketPath, getuid(), getgid())

        let fallback = ScriptedPrompt(answering: .deny)
        let said = Said()
        #expect(await prompt(address, fallback: fallback, said: said).ask(permission) == .deny)
        #expect(said.text.contains("runs as uid 65534, not as you (uid 0)"), "\(said.text)")
        #expect(fallback.questions.count == 1)
        #expect(!listener.stdout.contains("HEARD"), "the other user's process heard the question")
    }
}
