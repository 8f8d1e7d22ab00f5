import Testing
import TestSupport

/// `make deps` prints the import graph of the modules from their sources, and the graph keeps the
/// layers of docs/architecture.md: the runtime reaches plugins only through the host.
@Suite struct LayerTests {
    /// The modules each module imports, as `make deps` prints them.
    static func graph() throws -> [String: Set<String>] {
        let result = try ProcessRunner.run("/usr/bin/make", ["-s", "-C", FixtureBuilder.repositoryRoot, "deps"], timeout: 60)
        #expect(result.status == 0, "make deps failed: \(result.stderr)")
        var graph: [String: Set<String>] = [:]
        for line in result.stdout.split(separator: "\n") {
            let sides = line.split(separator: "->", maxSplits: 1)
            let module = sides[0].trimmingCharacters(in: .whitespaces)
            graph[module] = Set((sides.count > 1 ? sides[1] : "").split(separator: " ").map(String.init))
        }
        return graph
    }

    @Test func makeDepsPrintsEveryModuleWithTheModulesItImports() throws {
        let graph = try Self.graph()
        #expect(graph["LinkstrEngine"] == ["NostrCore"])
        #expect(graph["LinkstrRuntime"]?.isSuperset(of: ["LinkstrHost", "LinkstrEngine", "NostrCore"]) == true)
        // The test targets only with --tests.
        #expect(graph["LinkstrRuntimeTests"] == nil)
    }

    @Test func theHostBuildsWithoutTheEngineAndTheRuntime() throws {
        let host = try #require(try Self.graph()["LinkstrHost"])
        #expect(host.isDisjoint(with: ["LinkstrEngine", "LinkstrRuntime"]))
    }

    @Test func theRuntimeImportsNeitherABIModule() throws {
        let runtime = try #require(try Self.graph()["LinkstrRuntime"])
        #expect(runtime.isDisjoint(with: ["PluginABI", "LinkstrPluginKit"]), "LinkstrRuntime imports \(runtime.sorted())")
    }

    /// One strict JSON reader serves the Nostr core and the relay pool plugin; the plugin reads relay
    /// frames with it without linking the Nostr core (and its secp256k1).
    @Test func theJSONReaderStandsAloneAndThePluginDoesNotLinkTheNostrCore() throws {
        let graph = try Self.graph()
        #expect(graph["StrictJSON"] == [])
        #expect(graph["NostrCore"]?.contains("StrictJSON") == true)
        let plugin = try #require(graph["RelayPoolPlugin"])
        #expect(plugin.contains("StrictJSON") && !plugin.contains("NostrCore"), "RelayPoolPlugin imports \(plugin.sorted())")
    }

    /// The front ends stand on the runtime: it names what they need of the lower modules. (The C
    /// API also imports the plugin ABI: linkstr.h's status and error slot are the plugins' ones.)
    @Test func noFrontEndImportsTheHostTheEngineOrTheNostrCore() throws {
        let graph = try Self.graph()
        let frontEnds = ["linkstr", "LinkstrC", "LinkstrWebApp", "LinkstrTerminal", "LinkstrProcess", "linkstr-demo"]
        #expect(graph["linkstr"] != nil && graph["LinkstrC"] != nil && graph["linkstr-demo"] != nil)
        for frontEnd in frontEnds {
            let imports = graph[frontEnd] ?? []
            #expect(imports.isDisjoint(with: ["LinkstrHost", "LinkstrEngine", "NostrCore"]), "\(frontEnd) imports \(imports.sorted())")
        }
    }
}
