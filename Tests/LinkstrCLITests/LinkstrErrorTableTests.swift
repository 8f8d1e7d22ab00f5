import Foundation
import LinkstrRuntime
import TestSupport
import Testing

@testable import linkstr

/// The error tables of the manual say what the code does: each code's exit status is the one
/// `LinkstrError.failure` maps it to, and the command reference lists that status.
@Suite struct LinkstrErrorTableTests {
    private static func document(_ name: String) throws -> String {
        try String(contentsOfFile: ExternalProcess.packageRoot + "/docs/" + name, encoding: .utf8)
    }

    /// The cells of the table row that starts with `first`, trimmed; nil when there is none.
    private static func row(_ first: String, in text: String) -> [String]? {
        text.split(separator: "\n").first { $0.hasPrefix("| \(first) |") }
            .map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
    }

    @Test(arguments: LinkstrError.Code.allCases)
    func eachCodesExitStatusIsTheDocumentedOne(_ code: LinkstrError.Code) throws {
        let status = LinkstrError(code, "").failure.exitCode.rawValue
        let architecture = try Self.row("`\(code)`", in: Self.document("architecture.md"))
        #expect(architecture?[2] == "\(status)", "docs/architecture.md's Errors table: \(String(describing: architecture))")
        #expect(Self.row("\(status)", in: try Self.document("cli.md")) != nil, "docs/cli.md's exit-status table has no row for \(status)")
    }
}
