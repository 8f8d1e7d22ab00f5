import Foundation
import LinkstrHost
import LinkstrRuntime
import Testing

/// Who decides a site's request: deny rules, allow rules, remembered decisions, then the person.
@Suite struct BrowserPermissionsTests {
    private let signKindOne = BrowserPermission(origin: "https://example.org", method: .signEvent, kind: 1)

    private func refusal(_ permissions: BrowserPermissions, _ permission: BrowserPermission) async -> String? {
        do {
            try await permissions.check(permission)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aDenyRuleWinsOverAnAllowRuleAndNobodyIsAsked() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let prompt = ScriptedPrompt(answering: .allow)
        let settings = BrowserSettings(
            allow: [try BrowserRule(parsing: "https://example.org:*")], deny: [try BrowserRule(parsing: "https://example.org:signEvent:1")])
        let permissions = BrowserPermissions(settings: settings, store: BrowserPermissionStore(path: scratch.file("p.json")), prompt: prompt)
        #expect(await refusal(permissions, signKindOne)?.contains("a [browser] deny rule in config.toml covers https://example.org:signEvent:1") == true)
        #expect(await refusal(permissions, BrowserPermission(origin: "https://example.org", method: .signEvent, kind: 4)) == nil)
        #expect(await refusal(permissions, BrowserPermission(origin: "https://example.org", method: .getPublicKey)) == nil)
        #expect(prompt.questions.isEmpty)
    }

    @Test func thePersonIsAskedOncePerOriginMethodAndKindAndTheAnswerIsKeptPrivately() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let path = scratch.file("data/browser-permissions.json")
        let prompt = ScriptedPrompt(answering: .allow)
        let permissions = BrowserPermissions(settings: BrowserSettings(), store: BrowserPermissionStore(path: path), prompt: prompt)
        #expect(await refusal(permissions, signKindOne) == nil)
        #expect(await refusal(permissions, signKindOne) == nil)
        #expect(await refusal(permissions, BrowserPermission(origin: "https://example.org", method: .signEvent, kind: 4)) == nil)
        #expect(await refusal(permissions, BrowserPermission(origin: "https://other.example", method: .signEvent, kind: 1)) == nil)
        #expect(prompt.questions == [
            signKindOne, BrowserPermission(origin: "https://example.org", method: .signEvent, kind: 4),
            BrowserPermission(origin: "https://other.example", method: .signEvent, kind: 1),
        ])
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode == 0o600)

        // Another process (a new host) reads the same decisions and asks nobody.
        let silent = ScriptedPrompt(answering: nil)
        let again = BrowserPermissions(settings: BrowserSettings(), store: BrowserPermissionStore(path: path), prompt: silent)
        #expect(await refusal(again, signKindOne) == nil)
        #expect(silent.questions.isEmpty)
    }

    @Test func aDenialIsRememberedToo() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let store = BrowserPermissionStore(path: scratch.file("p.json"))
        let prompt = ScriptedPrompt(answering: .deny)
        let permissions = BrowserPermissions(settings: BrowserSettings(), store: store, prompt: prompt)
        #expect(await refusal(permissions, signKindOne) == "linkstr refused: you denied https://example.org:signEvent:1")
        #expect(await refusal(permissions, signKindOne) == "linkstr refused: you denied https://example.org:signEvent:1 before")
        #expect(prompt.questions.count == 1)
        #expect(store.decision(for: signKindOne) == .deny)
    }

    @Test(arguments: [false, true])
    func withNoWayToAskTheRequestIsRefusedWithTheRuleThatWouldAllowIt(hasPrompt: Bool) async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let store = BrowserPermissionStore(path: scratch.file("p.json"))
        let permissions = BrowserPermissions(settings: BrowserSettings(), store: store, prompt: hasPrompt ? ScriptedPrompt(answering: nil) : nil)
        let reason = try #require(await refusal(permissions, signKindOne))
        #expect(reason.contains("https://example.org wants to sign kind 1 events as you, and there is no way to ask you"))
        #expect(reason.contains(#"allow = ["https://example.org:signEvent:1"] in the [browser] section of config.toml"#))
        #expect(store.decision(for: signKindOne) == nil)
    }
}
