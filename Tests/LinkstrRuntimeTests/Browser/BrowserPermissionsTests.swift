import Foundation
import LinkstrHost
import LinkstrRuntime
import Testing

/// Who decides a site's request: deny rules, allow rules, remembered decisions, then the person.
@Suite struct BrowserPermissionsTests {
    private let work = ProfileID()
    private var signKindOne: BrowserPermission { permission("https://example.org", .signEvent, kind: 1) }

    private func permission(_ origin: String, _ method: BrowserMethod, kind: Int? = nil, as profile: ProfileID? = nil, named name: String = "work")
        -> BrowserPermission
    {
        BrowserPermission(origin: origin, method: method, kind: kind, profile: profile ?? work, profileName: name)
    }

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
        #expect(await refusal(permissions, permission("https://example.org", .signEvent, kind: 4)) == nil)
        #expect(await refusal(permissions, permission("https://example.org", .getPublicKey)) == nil)
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
        #expect(await refusal(permissions, permission("https://example.org", .signEvent, kind: 4)) == nil)
        #expect(await refusal(permissions, permission("https://other.example", .signEvent, kind: 1)) == nil)
        #expect(prompt.questions == [
            signKindOne, permission("https://example.org", .signEvent, kind: 4),
            permission("https://other.example", .signEvent, kind: 1),
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
        #expect(reason.contains("https://example.org wants to sign kind 1 events as you (profile 'work'), and there is no way to ask you"))
        #expect(reason.contains(#"allow = ["https://example.org:signEvent:1"] in the [browser.profiles.work] section of config.toml"#))
        #expect(store.decision(for: signKindOne) == nil)
    }

    @Test func aDecisionMadeAsOneProfileDecidesNothingForAnother() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let path = scratch.file("p.json")
        let allowing = BrowserPermissions(settings: BrowserSettings(), store: BrowserPermissionStore(path: path), prompt: ScriptedPrompt(answering: .allow))
        #expect(await refusal(allowing, signKindOne) == nil)

        let silent = ScriptedPrompt(answering: nil)
        let again = BrowserPermissions(settings: BrowserSettings(), store: BrowserPermissionStore(path: path), prompt: silent)
        let personal = permission("https://example.org", .signEvent, kind: 1, as: ProfileID(), named: "personal")
        #expect(await refusal(again, personal)?.contains("wants to sign kind 1 events as you (profile 'personal'), and there is no way to ask you") == true)
        #expect(silent.questions == [personal])
        #expect(await refusal(again, signKindOne) == nil, "still allowed as 'work'")
    }

    @Test func aDecisionWithoutAProfileFromAnOlderFileDecidesNothing() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let path = scratch.write("p.json", #"[{"origin": "https://example.org", "method": "signEvent", "kind": 1, "decision": "allow"}]"#)
        let store = BrowserPermissionStore(path: path)
        #expect(store.decision(for: signKindOne) == nil)
    }

    @Test func aProfilesOwnRulesApplyOnlyToItAndTheRulesForEveryProfileToAll() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let settings = BrowserSettings(
            allow: [try BrowserRule(parsing: "https://everywhere.example:getPublicKey")],
            profiles: ["work": BrowserSettings(allow: [try BrowserRule(parsing: "https://example.org:*")])])
        let permissions = BrowserPermissions(settings: settings, store: BrowserPermissionStore(path: scratch.file("p.json")), prompt: nil)
        #expect(await refusal(permissions, signKindOne) == nil)
        #expect(await refusal(permissions, permission("https://example.org", .signEvent, kind: 1, as: ProfileID(), named: "personal")) != nil)
        #expect(await refusal(permissions, permission("https://everywhere.example", .getPublicKey, as: ProfileID(), named: "personal")) == nil)
    }

    @Test func aSiteWhoseQuestionWentUnansweredIsNotAskedAgainForAWhile() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let prompt = ScriptedPrompt(answering: nil)
        let permissions = BrowserPermissions(settings: BrowserSettings(), store: BrowserPermissionStore(path: scratch.file("p.json")), prompt: prompt)
        #expect(await refusal(permissions, signKindOne)?.contains("there is no way to ask you") == true)
        let again = try #require(await refusal(permissions, permission("https://example.org", .getPublicKey)))
        #expect(again.contains("its last question went unanswered, so it is not asked again for 10 minutes"), "\(again)")
        #expect(again.contains(#"allow it with allow = ["https://example.org:getPublicKey"]"#))
        #expect(prompt.questions == [signKindOne])
        #expect(await refusal(permissions, permission("https://other.example", .getPublicKey)) != nil)
        #expect(prompt.questions.count == 2, "another site is still asked")

        let expired = BrowserPermissions(
            settings: BrowserSettings(), store: BrowserPermissionStore(path: scratch.file("q.json")), prompt: prompt, gate: BrowserPromptGate(quietPeriod: .zero))
        _ = await refusal(expired, signKindOne)
        _ = await refusal(expired, signKindOne)
        #expect(prompt.questions.count == 4, "asked again once the quiet period is over")
    }

    @Test func aSiteHasAtMostOneQuestionWaiting() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let prompt = HeldPrompt()
        let permissions = BrowserPermissions(settings: BrowserSettings(), store: BrowserPermissionStore(path: scratch.file("p.json")), prompt: prompt)
        async let first = refusal(permissions, signKindOne)
        #expect(await eventually(within: 5) { prompt.waiting == 1 })
        let second = try #require(await refusal(permissions, permission("https://example.org", .signEvent, kind: 4)))
        #expect(second.contains("a question from it is already waiting for your answer"), "\(second)")
        prompt.answer(.allow)
        #expect(await first == nil)
    }
}
