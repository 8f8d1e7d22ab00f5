import Testing
@testable import NostrCore
@Test func placeholder() { #expect(Bool(true)) }
