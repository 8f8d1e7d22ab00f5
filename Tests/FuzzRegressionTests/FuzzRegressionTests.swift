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

    @Test(arguments: FuzzTarget.allCases)
    func replaysTheRegressionInputs(target: FuzzTarget) throws {
        let folder = Self.fuzzFolder.appendingPathComponent("regressions").appendingPathComponent(target.rawValue)
        for file in FuzzInputs.files(at: folder) {
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
