import Foundation
import Testing
import TestSupport

/// A clone of the repository alone builds and passes its tests: nothing in the code, the tests or the
/// scripts reads a folder beside the clone, and the test vectors are files of the repository.
@Suite struct StandaloneRepositoryTests {
    /// The folder name a file outside the repository would be read through, put together here so that
    /// this file does not name it.
    static let outsideFolder = ".." + "/" + "shared"

    @Test("no tracked file of Sources, Plugins, Tests, scripts or .ci reads a folder beside the clone")
    func nothingReadsBesideTheClone() throws {
        let listed = try ProcessRunner.run("/usr/bin/git", ["-C", ExternalProcess.packageRoot, "ls-files", "Sources", "Plugins", "Tests", "scripts", ".ci", "Makefile", "Package.swift"])
        let files = listed.stdout.split(separator: "\n").map(String.init)
        #expect(files.count > 500, "git ls-files listed too little: \(files.count) files")
        var offenders: [String] = []
        for file in files {
            guard let data = FileManager.default.contents(atPath: ExternalProcess.packageRoot + "/" + file),
                let text = String(data: data, encoding: .utf8)
            else { continue }
            if text.contains(Self.outsideFolder) { offenders.append(file) }
        }
        #expect(offenders.isEmpty, "these files read outside the repository: \(offenders)")
    }

    @Test("every test vector file is in Tests/Vectors and named in its README")
    func vectorsAreInTheRepository() throws {
        let folder = ExternalProcess.packageRoot + "/Tests/Vectors"
        let readme = try String(contentsOfFile: folder + "/README.md", encoding: .utf8)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0 != "README.md" }
        #expect(Set(files) == ["bip340-test-vectors.csv", "nip01.events.json", "nip19.vectors.json", "nip44.vectors.json", "nip49.vectors.json", "nip59.giftwrap.vectors.json"])
        for file in files {
            #expect(readme.contains("`\(file)`"), "Tests/Vectors/README.md does not say where \(file) comes from")
        }
    }
}
