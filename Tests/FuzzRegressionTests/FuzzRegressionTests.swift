import Foundation
import FuzzTargets
import Testing

/// Every input a fuzzer once crashed on, kept under `Fuzz/regressions/<target>/`, and the seed
/// corpus under `Fuzz/corpus/<target>/`, run through the same entry point `linkstr-fuzz` uses: a
/// crash here fails the test run.
@Suite struct FuzzRegressionTests {
    private static let fuzzFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    /// Each target's regression folder holds the inputs that once crashed it, or, before the first,
    /// a `.none-yet` file saying so: a replay that finds no folder cannot pass by replaying nothing.
    @Test(arguments: FuzzTarget.allCases)
    func replaysTheRegressionInputs(target: FuzzTarget) throws {
        let folder = Self.fuzzFolder.appendingPathComponent("regressions").appendingPathComponent(target.rawValue)
        let files = FuzzInputs.files(at: folder)
        let noneYet = FileManager.default.fileExists(atPath: folder.appendingPathComponent(".none-yet").path)
        #expect(files.isEmpty == noneYet, "Fuzz/regressions/\(target.rawValue) holds \(files.count) inputs and \(noneYet ? "a" : "no") .none-yet file: it needs inputs or .none-yet, not both")
        for file in files {
            try Data(contentsOf: file).withUnsafeBytes { target.run($0) }
        }
    }

    @Test(arguments: FuzzTarget.allCases)
    func replaysTheSeedCorpus(target: FuzzTarget) throws {
        let files = FuzzInputs.files(at: Self.fuzzFolder.appendingPathComponent("corpus").appendingPathComponent(target.rawValue))
        #expect(!files.isEmpty, "every fuzz target has seed inputs")
        for file in files {
            try Data(contentsOf: file).withUnsafeBytes { target.run($0) }
        }
    }

    @Test("only the configuration target, whose TOML library leaks on every parse, turns off libFuzzer's per-input leak pass")
    func perInputLeakChecks() {
        #expect(FuzzTarget.configuration.fuzzerOptions == ["-detect_leaks=0"])
        #expect(FuzzTarget.allCases.filter { !$0.fuzzerOptions.isEmpty } == [.configuration])
    }
}
