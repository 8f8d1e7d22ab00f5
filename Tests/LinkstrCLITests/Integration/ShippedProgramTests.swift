import Foundation
import PluginTesting
import Testing
import TestSupport

/// What `linkstr` links: the program people install carries no test doubles and no demo; those live
/// in `linkstr-storage-conformance` and `linkstr-demo` beside it.
@Suite("linkstr links no test doubles")
struct ShippedProgramTests {
    /// The names of the symbols defined in `binary`. Swift mangles a module's or a type's name as its
    /// length and itself (`8FakeHost`), so a name is looked for with its length.
    private func definedSymbols(_ binary: String) throws -> String {
        let result = try ProcessRunner.run("/usr/bin/nm", ["--defined-only", binary], environment: ["PATH": "/usr/bin:/bin"])
        try #require(result.status == 0, "nm \(binary): \(result.stderr)")
        return result.stdout
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/nm"), "nm is not installed (Debian package binutils)"))
    func theProgramHoldsNeitherTheFakesNorTheDemo() throws {
        let linkstr = try definedSymbols(BuildProducts.linkstrExecutable)
        for name in ["PluginTesting", "FakeRelay", "FakeHost", "StorageConformance", "StorageWriterProcess", "DemoTour", "DemoRelay"] {
            #expect(!linkstr.contains("\(name.count)\(name)"), "linkstr defines symbols of \(name)")
        }
        // The names are spelled as nm shows them: the programs beside linkstr do hold them.
        #expect(try definedSymbols(BuildProducts.directory + "/linkstr-storage-conformance").contains("8FakeHost"))
        #expect(try definedSymbols(BuildProducts.directory + "/linkstr-demo").contains("8DemoTour"))
    }
}
