import Foundation
import PluginABI
import PluginTesting
import Testing

/// A program that embeds linkstr lists the home's profiles, asks who the active one is and switches
/// it — the command line sees the switch, and the runtime's next call acts as the new profile.
@Suite("Embedding the runtime from C: profiles", .timeLimit(.minutes(1)))
struct ProfileEmbeddingTests {
    private struct ProfileRow: Decodable, Equatable {
        var id: String
        var name: String
        var npub: String
        var active: Bool
    }

    private struct Whoami: Decodable, Equatable {
        var id: String
        var name: String
        var npub: String
        var pubkey: String
        var locked: Bool
    }

    @Test func aProgramListsSwitchesAndAsksWhoTheActiveProfileIs() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let home = scratch.folder("home")
        scratch.write("home/config.toml", "relays = [\"ws://127.0.0.1:9\"]\n")
        for arguments in [["account", "create", "--name", "Alice"], ["profile", "add", "work"]] {
            let made = try ProcessRunner.linkstr(arguments + ["--key-store", "plain", "--home", home])
            #expect(made.status == 0, "\(made.stderr)")
        }
        let lib = try FixtureBuilder.libraryFolder(in: scratch)
        let program = try FixtureBuilder.embeddingProgram(
            FixtureBuilder.fixturesDirectory + "/embed_profiles.c", scratch.file("embed_profiles"), library: lib)
        let result = try ProcessRunner.run(program, [home], environment: FixtureBuilder.embeddingEnvironment(scratch, library: lib))
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        let log = EmbeddedCallLog(result.stdout)

        let listed = try log.record([ProfileRow].self, "list")
        #expect(listed.map(\.name) == ["Alice", "work"] && listed.map(\.active) == [true, false])
        let alice = try log.record(Whoami.self, "whoami")
        #expect(alice.id == listed[0].id && alice.name == "Alice" && alice.npub == listed[0].npub && !alice.locked)
        #expect(log["sessions"]?.status == LKH_OK)

        let used = try log.record(ProfileRow.self, "use")
        #expect(used.name == "work" && used.active)
        #expect(try log.record(Whoami.self, "whoami-after").npub == listed[1].npub)
        #expect(try log.record([String: String].self, "identity-after")["npub"] == listed[1].npub, "the account calls act as the new profile")
        #expect(log["sessions-after"]?.status == LKH_OK)
        #expect(log["use-unknown"] == .init(
            status: LKH_E_INVALID, text: "there is no profile named 'nobody' in this home; `linkstr profile list` shows them"))
        #expect(log["use-null"] == .init(status: LKH_E_INVALID, text: "name must not be NULL"))
        #expect(log.lines.last == "freed")

        let shown = try ProcessRunner.linkstr(["profile", "list", "--json", "--home", home])
        let rows = try JSONDecoder().decode([ProfileRow].self, from: Data(shown.stdout.utf8))
        #expect(rows.filter(\.active).map(\.name) == ["work"], "the command line sees the switch")
    }
}
