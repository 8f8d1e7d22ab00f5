import Foundation
@testable import LinkstrHost
import Testing

/// Where linkstr looks for the set-up's Python tools: known places only, never the current folder,
/// and never an environment someone else can write.
@Suite struct SetupVirtualEnvironmentTests {
    @Test func looksAtTheVariableTheCheckoutOfTheProgramAndTheDataFolderOnly() {
        let build = "/src/linkstr/.build/x86_64-unknown-linux-gnu/release"
        #expect(
            SetupVirtualEnvironment.candidates(environment: [:], executableDirectory: build, dataDirectory: "/home/a/.local/share/linkstr")
                == ["/src/linkstr/.venv", "/home/a/.local/share/linkstr/venv"])
        #expect(
            SetupVirtualEnvironment.candidates(environment: ["LINKSTR_VENV": "/opt/venv"], executableDirectory: "/usr/bin", dataDirectory: "/d")
                == ["/opt/venv", "/d/venv"])
        #expect(SetupVirtualEnvironment.candidates(environment: [:], executableDirectory: "/opt/build-tools/bin", dataDirectory: "/d") == ["/d/venv"])
    }

    @Test func anEnvironmentOthersCanWriteIsNotUsed() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let venv = scratch.folder("venv")
        _ = scratch.folder("venv/bin")
        scratch.write("venv/pyvenv.cfg", "home = /usr/bin\n")
        scratch.write("venv/bin/activate", "# activate\n")
        let python = scratch.write("venv/bin/python", "#!/bin/sh\n")
        chmod(python, 0o755)
        #expect(SetupVirtualEnvironment.trusted(venv)?.python == venv + "/bin/python")
        chmod(venv + "/bin", 0o777)
        #expect(SetupVirtualEnvironment.trusted(venv) == nil, "a world-writable bin folder could hold a planted python")
        chmod(venv + "/bin", 0o755)
        chmod(venv + "/pyvenv.cfg", 0o666)
        #expect(SetupVirtualEnvironment.trusted(venv) == nil)
        #expect(SetupVirtualEnvironment.trusted(scratch.path + "/missing") == nil)
    }
}
