import Foundation
import Testing
import TestSupport

/// The tests' own process runner: a suite starts hundreds of these, so what one holds must go with it.
@Suite("ExternalProcess", .timeLimit(.minutes(1)))
struct ExternalProcessTests {
    @Test func itsPipesAreClosedWhenItIsGone() async throws {
        var pipes: [String] = []
        for _ in 0..<3 {
            let child = try ExternalProcess(executable: "/bin/sh", ["-c", "echo ready"])
            #expect(try await child.finish() == ["ready"])
            for output in [child.process.standardOutput, child.process.standardError] {
                let descriptor = try #require(output as? Pipe).fileHandleForReading.fileDescriptor
                pipes.append(try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)"))
            }
        }
        let open = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").compactMap {
            try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")
        }
        #expect(Set(pipes).count == 6)
        #expect(Set(pipes).isDisjoint(with: open), "still open: \(Set(pipes).intersection(open).sorted())")
    }
}
