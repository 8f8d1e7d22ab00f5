import Foundation
import LinkstrRuntime
import NostrCore
import PluginTesting
import Testing

/// An unlock agent that is not the user's own — its folder open to others or of another user, or
/// the process listening of another uid — is refused before anything is sent, with an error naming
/// the path; an agent that hands back a key other than the profile's has it neither used nor written.
@Suite(.serialized, .timeLimit(.minutes(2))) struct PlantedUnlockAgentTests {
    private let nsec = "nsec1vl029mgpspedva04g90vltkh6fvh240zqtv9k0t9af8935ke9laqsnlfe5"

    private func unlockRequest() -> UnlockAgentMessage {
        var request = UnlockAgentMessage(.unlock)
        request.profiles = [UnlockedProfileKeys(id: "alice-id", keys: ["key": SecretKey.generate().nsec])]
        return request
    }

    @Test func aSocketInAFolderOthersMayEnterIsRefusedAndGetsNoKey() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let address = UnlockAgentAddress(dataDirectory: scratch.folder("data"), environment: [:])
        let server = try UnlockAgentServer(address: address, agent: UnlockAgent())
        Thread.detachNewThread { server.run() }
        defer { server.stop() }
        let client = UnlockAgentClient(address: address)
        #expect(try client.request(UnlockAgentMessage(.status))?.ok == true, "the user's own agent answers")

        for mode: mode_t in [0o750, 0o705] {
            chmod(address.folder, mode)
            do throws(LinkstrError) {
                _ = try client.request(unlockRequest())
                Issue.record("a folder of mode \(String(mode, radix: 8)) was accepted")
            } catch {
                #expect(error.description.contains("refusing the unlock agent: the folder \(address.folder) is open to others"), "\(error)")
            }
            #expect(!server.agent.isUnlocked, "no key reached the agent")
        }
    }

    @Test func aFolderOfAnotherUserIsRefused() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let address = UnlockAgentAddress(dataDirectory: scratch.folder("data", mode: 0o755), environment: [:])
        #expect(mkdir(address.folder, 0o700) == 0 && chown(address.folder, 65534, 65534) == 0)
        #expect(throws: LinkstrError.self) { try UnlockAgentClient(address: address).request(UnlockAgentMessage(.status)) }
        do throws(LinkstrError) {
            _ = try UnlockAgentClient(address: address).request(unlockRequest())
            Issue.record("a folder of uid 65534 was accepted")
        } catch {
            #expect(error.description.contains("the folder \(address.folder) belongs to uid 65534"), "\(error)")
        }
    }

    /// The listening process drops to `nobody` after binding (so the folder and the socket are the
    /// user's, only the peer is not) and prints how many bytes each connection sent it.
    @Test func aPeerOfAnotherUidIsRefusedAndIsSentNothing() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let address = UnlockAgentAddress(dataDirectory: scratch.folder("data", mode: 0o755), environment: [:])
        #expect(mkdir(address.folder, 0o700) == 0)
        let script = """
            import os, socket, sys
            folder = os.open(sys.argv[1], os.O_PATH | os.O_DIRECTORY)
            server = socket.socket(socket.AF_UNIX)
            server.bind(f"/proc/self/fd/{folder}/{sys.argv[2]}")
            os.setgid(65534)
            os.setuid(65534)
            server.listen()
            print("READY unix:", flush=True)
            while True:
                connection, _ = server.accept()
                connection.settimeout(5)
                received = 0
                try:
                    while chunk := connection.recv(65536):
                        received += len(chunk)
                except OSError:
                    pass
                print(f"received {received}", flush=True)
                connection.close()
            """
        let planted = try ExternalProcess(executable: ExternalProcess.python, ["-c", script, address.folder, "agent.sock"])
        defer { planted.signal(SIGTERM) }
        _ = try await planted.ready()
        var socket = stat()
        #expect(lstat(address.socketPath, &socket) == 0 && socket.st_uid == getuid(), "the socket is the user's: only the peer differs")

        do throws(LinkstrError) {
            _ = try UnlockAgentClient(address: address).request(unlockRequest())
            Issue.record("a peer running as nobody was sent the keys")
        } catch {
            #expect(error.description.contains("the process answering on \(address.socketPath) runs as uid 65534"), "\(error)")
        }
        // The whole line: the count can arrive before its newline.
        #expect(await eventually { planted.stdout.range(of: #"received \d+\n"#, options: .regularExpression) != nil }, "\(planted.stderr)")
        #expect(planted.stdout.contains("received 0\n") && !planted.stdout.contains("received 1"), "\(planted.stdout)")
    }

    /// An agent holding another key under the profile's id: `account show` and `profile passphrase`
    /// refuse it, and the key file stays as it was.
    @Test func aWrongKeyFromTheAgentIsNeitherUsedNorWritten() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let home = scratch.path
        let environment = ProcessRunner.linkstrEnvironment()
        func linkstr(_ arguments: [String], stdin: String? = nil) throws -> ProcessRunner.Result {
            try ProcessRunner.run("/usr/bin/setsid", ["--wait", BuildProducts.linkstrExecutable] + arguments + ["--home", home], environment: environment, stdin: stdin)
        }
        #expect(try linkstr(["profile", "import", "Alice", "-", "--key-store", "plain"], stdin: nsec + "\n").status == 0)
        #expect(try linkstr(["profile", "passphrase", "--passphrase-stdin"], stdin: "correct horse\n").status == 0)
        let keyFile = try #require(ProfileKeyFile.paths(home: home, name: "key.ncryptsec").first)
        let before = try String(contentsOfFile: keyFile, encoding: .utf8)
        let profileID = URL(fileURLWithPath: keyFile).deletingLastPathComponent().lastPathComponent

        let address = HomeUnlockAgent.address(home)
        let server = try UnlockAgentServer(address: address, agent: UnlockAgent())
        Thread.detachNewThread { server.run() }
        defer { server.stop() }
        var request = UnlockAgentMessage(.unlock)
        request.profiles = [UnlockedProfileKeys(id: profileID, keys: ["key": SecretKey.generate().nsec])]
        #expect(try UnlockAgentClient(address: address).request(request)?.ok == true)

        let shown = try linkstr(["account", "show", "--reveal-secret", "--json"])
        #expect(shown.status == 1 && !shown.stdout.contains("nsec1"), "\(shown.stdout)")
        #expect(shown.stderr.contains("the unlock agent on \(address.socketPath) gave a key that is not the key of profile 'Alice'"), "\(shown.stderr)")
        let changed = try linkstr(["profile", "passphrase", "--passphrase-stdin"], stdin: "new horse\n")
        #expect(changed.status == 1)
        #expect(changed.stderr.contains("gave a key that is not the key of profile 'Alice'"), "\(changed.stderr)")
        #expect(try String(contentsOfFile: keyFile, encoding: .utf8) == before, "nothing was written")
    }
}
