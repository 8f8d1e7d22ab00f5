import Foundation
import Testing

/// `linkstr open --launch`, what the desktop handler runs: the shared URL goes to xdg-open (a stub
/// that records its arguments), only for http(s).
@Suite struct OpenLaunchTests {
    @Test func launchHandsTheSharedURLToXdgOpen() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let bin = scratch.folder("bin")
        let record = scratch.file("opened")
        let stub = scratch.write("bin/xdg-open", "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(record)'\n")
        chmod(stub, 0o755)
        let link = "linkstr://open?url=https%3A%2F%2Fexample.com%2Fshared%3Fa%3D1"
        let result = try ProcessRunner.linkstr(
            ["open", "--launch", link, "--home", scratch.folder("home")], environment: ["PATH": bin + ":/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.stderr)")
        var opened: String?
        for _ in 0..<100 where opened == nil {
            opened = try? String(contentsOfFile: record, encoding: .utf8)
            if opened == nil { usleep(20_000) }
        }
        #expect(opened == "https://example.com/shared?a=1\n")
    }

    /// With nothing that opens links, --launch fails and says what to install (it used to exit 0).
    @Test func launchWithoutXdgOpenFailsAndSaysWhatToInstall() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let emptyBin = scratch.folder("bin")
        let result = try ProcessRunner.linkstr(
            ["open", "--launch", "linkstr://open?url=https%3A%2F%2Fexample.com%2F", "--home", scratch.folder("home")],
            environment: ["PATH": emptyBin])
        #expect(result.status == 1)
        #expect(
            result.stderr == "linkstr: cannot open https://example.com/: xdg-open is not installed; install xdg-utils (apt-get install xdg-utils) or open the link yourself\n",
            "\(result.stderr)")
    }
}
