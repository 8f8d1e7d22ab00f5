import Foundation
import Testing

/// What every walk in headless Chromium is checked for, beside what it is about: axe-core's audits
/// and the screenshots it wrote.
extension WebAppBrowserTests {
    /// No serious or critical axe-core violation in what a script saw.
    static func expectNoSeriousViolation(_ seen: [String: Any], sourceLocation: SourceLocation = #_sourceLocation) {
        let violations = seen["violations"] as? [String: [String]] ?? [:]
        #expect(violations.isEmpty, "serious or critical accessibility violations: \(violations)", sourceLocation: sourceLocation)
    }

    /// Exactly `names` audited, each in the dark and the light scheme.
    static func expectAudited(_ seen: [String: Any], _ names: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let audited = Set(seen["audited"] as? [String] ?? [])
        #expect(audited == Set(names.flatMap { ["\($0) (dark)", "\($0) (light)"] }), "not every screen was audited: \(audited)", sourceLocation: sourceLocation)
    }

    /// A screenshot of each of `names` in both schemes at both widths.
    static func expectScreenshots(_ names: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let screenshots = try FileManager.default.contentsOfDirectory(atPath: screens)
        for name in names {
            for variant in ["dark-desktop", "dark-phone", "light-desktop", "light-phone"] {
                #expect(screenshots.contains("\(name)-\(variant).png"), "no screenshot \(name)-\(variant)", sourceLocation: sourceLocation)
            }
        }
    }
}
