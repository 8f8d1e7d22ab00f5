import LinkstrRuntime
import Testing

/// The `[signer]` section of config.toml (linkstr as a bunker) and NIP-46 permissions: what a rule
/// grants to a client, as far as the client asks for it.
@Suite struct BunkerSettingsTests {
    let scratch = TestScratch()

    @Test func readsTheSignerSettings() throws {
        defer { scratch.remove() }
        let path = scratch.write(
            "config.toml", "[signer]\nserve = true\nallow = [\"sign_event:1\", \"nip44_encrypt,nip44_decrypt\"]\nsecret = \"0123456789abcdef0123456789abcdef\"\nrelays = [\"wss://Relay.example.com\"]\n")
        let settings = try RuntimeSettings.load(path: path).settings.bunker
        #expect(settings.serve && settings.secret == "0123456789abcdef0123456789abcdef" && settings.relays == ["wss://relay.example.com"])
        #expect(settings.allow?.map(\.description) == ["sign_event:1", "nip44_encrypt", "nip44_decrypt"])
        #expect(try RuntimeSettings.load(path: scratch.write("empty.toml", "")).settings.bunker == BunkerSettings())
    }

    @Test func refusesWrongValues() throws {
        defer { scratch.remove() }
        let kind = scratch.write("a.toml", "[signer]\nallow = [\"nip44_encrypt:4\"]\n")
        #expect(throws: ConfigurationError(path: kind, reason: "'signer.allow' has 'nip44_encrypt:4', which is not a permission; \(BunkerPermission.shape)")) {
            try RuntimeSettings.load(path: kind)
        }
        let unknown = scratch.write("b.toml", "[signer]\nlisten = true\n")
        #expect(throws: ConfigurationError(path: unknown, reason: "unknown setting 'signer.listen'; known settings: serve, allow, secret, relays")) {
            try RuntimeSettings.load(path: unknown)
        }
        let relay = scratch.write("c.toml", "[signer]\nrelays = [\"https://example.com\"]\n")
        #expect(throws: ConfigurationError(path: relay, reason: "'signer.relays' has 'https://example.com', which is not a relay address; use ws:// or wss:// URLs")) {
            try RuntimeSettings.load(path: relay)
        }
    }

    @Test func parsesPermissions() {
        let (permissions, unknown) = BunkerPermission.list("sign_event:1, sign_event,nip04_decrypt,,connect,sign_event:x,sign_event:1")
        #expect(permissions == [BunkerPermission(method: "sign_event", kind: 1), BunkerPermission(method: "sign_event"), BunkerPermission(method: "nip04_decrypt")])
        #expect(unknown == ["connect", "sign_event:x"])
        #expect(permissions.allow(method: "sign_event", kind: 30023))
        #expect([BunkerPermission(method: "sign_event", kind: 1)].allow(method: "sign_event", kind: 1))
        #expect(![BunkerPermission(method: "sign_event", kind: 1)].allow(method: "sign_event", kind: 4))
        #expect(![BunkerPermission(method: "nip44_encrypt")].allow(method: "nip44_decrypt", kind: nil))
    }

    @Test func aRuleGrantsWhatItCoversOfTheRequest() {
        let rule = BunkerPermission.list("sign_event:1,sign_event:7,nip44_encrypt").permissions
        #expect(rule.granting([]) == rule, "a client that asks for nothing gets the rule")
        #expect(rule.granting(BunkerPermission.list("sign_event,nip04_encrypt").permissions).map(\.description) == ["sign_event:1", "sign_event:7"])
        #expect(rule.granting(BunkerPermission.list("sign_event:7,sign_event:4,nip44_encrypt").permissions).map(\.description) == ["sign_event:7", "nip44_encrypt"])
        let anyKind = BunkerPermission.list("sign_event").permissions
        #expect(anyKind.granting(BunkerPermission.list("sign_event:4").permissions).map(\.description) == ["sign_event:4"])
        #expect(anyKind.granting(BunkerPermission.list("nip44_decrypt").permissions).isEmpty)
    }

    @Test func theKindsThatActAsLinkstrAreGrantedOnlyWhenNamed() {
        let anyKind = BunkerPermission.list("sign_event").permissions
        for kind in [13, 1059, 30078, 5, 3, 0, 10002, 22242] {
            #expect(!anyKind.allow(method: "sign_event", kind: kind), "sign_event does not cover kind \(kind)")
            let named = BunkerPermission.list("sign_event:\(kind)").permissions
            #expect(named.allow(method: "sign_event", kind: kind))
            #expect(anyKind.granting(named).isEmpty, "a rule of sign_event does not grant kind \(kind)")
            #expect(named.granting(named) == named)
            #expect(named.granting(anyKind) == named, "a rule naming kind \(kind) grants it to a client asking for sign_event")
        }
        #expect(anyKind.allow(method: "sign_event", kind: 1) && anyKind.allow(method: "sign_event", kind: 30023))
    }

    @Test func eachPermissionSaysInWordsWhatItAllows() {
        let permissions = BunkerPermission.list("sign_event:13,sign_event:30078,nip44_decrypt,sign_event,sign_event:42").permissions
        #expect(permissions.map(\.meaning) == [
            "send private messages and linkstr posts as you (kind 13 seals)",
            "rewrite your saved links and other app data",
            "read your private sessions, saved links and every NIP-44 message sent to you",
            "sign events of any kind as you (public notes, reactions, articles…), but not kinds 13, 1059, 30078, 5, 3, 0, 10002, 22242, which must each be named",
            "sign events of kind 42 as you",
        ])
        #expect([permissions[0]].meanings == "  - sign_event:13: send private messages and linkstr posts as you (kind 13 seals)")
        #expect([BunkerPermission]().summary == "get_public_key only")
    }

    /// Whoever has the bunker's secret connects as a client: fewer than 128 bits are refused.
    @Test func aShortSignerSecretIsRefused() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let short = scratch.write("short.toml", "[signer]\nsecret = \"hunter2\"\n")
        #expect(throws: ConfigurationError(
            path: short, reason: "'signer.secret' is 7 characters; use at least 32 random ones (`openssl rand -hex 16`)"
        )) { try RuntimeSettings.load(path: short) }
        let long = scratch.write("long.toml", "[signer]\nsecret = \"0123456789abcdef0123456789abcdef\"\n")
        #expect(try RuntimeSettings.load(path: long).settings.bunker.secret == "0123456789abcdef0123456789abcdef")
    }
}
