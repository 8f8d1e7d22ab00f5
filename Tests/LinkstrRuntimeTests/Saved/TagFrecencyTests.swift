import LinkstrRuntime
import Testing

/// Tag suggestions against worked examples: frecency `count × 10 / (1 + days / 7)`, the domain
/// affinity (the host without one leading `www.`, never a look-alike or a subdomain) and the rule
/// for tag names.
@Suite struct TagFrecencyTests {
    let now: Int64 = 1_800_000_000
    let day: Int64 = 86_400

    @Test func frecencyWorkedExamples() {
        // Used today: count × 10.
        #expect(TagFrecency.score(frequency: 1, lastUsed: now, now: now) == 10)
        #expect(TagFrecency.score(frequency: 3, lastUsed: now, now: now) == 30)
        // A week ago: half; two weeks ago: a third; half a day ago: 10 / (1 + 0.5 / 7).
        #expect(TagFrecency.score(frequency: 3, lastUsed: now - 7 * day, now: now) == 15)
        #expect(abs(TagFrecency.score(frequency: 2, lastUsed: now - 14 * day, now: now) - 20.0 / 3) < 1e-9)
        #expect(abs(TagFrecency.score(frequency: 1, lastUsed: now - day / 2, now: now) - 10 / (1 + 0.5 / 7)) < 1e-9)
        // A clock behind the last use counts as no time passed.
        #expect(TagFrecency.score(frequency: 1, lastUsed: now + day, now: now) == 10)
    }

    @Test func rankCountsLinksAndTakesTheLastUse() {
        let uses = [
            TagUse(tag: "swift", url: "https://swift.org/a", addedAt: now - 14 * day),
            TagUse(tag: "swift", url: "https://swift.org/b", addedAt: now - 7 * day),
            TagUse(tag: "swift", url: "https://example.com/c", addedAt: now - 7 * day),
            TagUse(tag: "video", url: "https://example.com/c", addedAt: now),
            TagUse(tag: "news", url: "https://example.com/d", addedAt: now - 28 * day),
        ]
        let ranked = TagFrecency.rank(uses, now: now)
        #expect(ranked.map(\.name) == ["swift", "video", "news"])
        #expect(ranked.map(\.count) == [3, 1, 1])
        #expect(ranked[0].score == 15 && ranked[0].lastUsed == now - 7 * day)
        #expect(ranked[1].score == 10)
        #expect(ranked[2].score == 2)
    }

    @Test func tagsOfTheSameDomainCountTwice() {
        let uses = [
            TagUse(tag: "code", url: "https://www.github.com/apple/swift", addedAt: now - 7 * day),
            TagUse(tag: "reading", url: "https://example.com/a", addedAt: now),
            TagUse(tag: "gists", url: "https://gist.github.com/x", addedAt: now),
            TagUse(tag: "fake", url: "https://notgithub.com/x", addedAt: now),
        ]
        // Without a link: reading, fake, gists (10 each, by name), then code (5).
        #expect(TagFrecency.rank(uses, now: now).map(\.name) == ["fake", "gists", "reading", "code"])
        // For github.com (the www. link counts as the same domain): code doubles to 10 and comes
        // first among equals by name; gist.github.com and notgithub.com get nothing.
        let forGitHub = TagFrecency.rank(uses, for: "https://github.com/swiftlang/swift", now: now)
        #expect(forGitHub.map(\.name) == ["code", "fake", "gists", "reading"])
        #expect(forGitHub.first(where: { $0.name == "code" })?.score == 10)
        #expect(forGitHub.first(where: { $0.name == "gists" })?.score == 10)
        #expect(TagFrecency.rank(uses, for: "https://www.github.com/x", now: now).first?.score == 10)
        #expect(TagFrecency.rank(uses, for: "https://gist.github.com/y", now: now).first(where: { $0.name == "gists" })?.score == 20)
    }

    @Test func domainIsTheHostWithoutOneLeadingWWW() {
        #expect(LinkDomain.of("https://www.github.com/a") == "github.com")
        #expect(LinkDomain.of("https://GitHub.com/a") == "github.com")
        #expect(LinkDomain.of("https://gist.github.com/a") == "gist.github.com")
        #expect(LinkDomain.of("https://notgithub.com/a") == "notgithub.com")
        #expect(LinkDomain.of("https://www.www.example.com/") == "www.example.com")
        #expect(LinkDomain.of("not a url") == nil)
    }

    @Test func tagNamesAreTrimmedLowercaseWithoutCommas() throws {
        #expect(try TagName.normalize("  Swift  ") == "swift")
        #expect(try TagName.normalize("Read   Later") == "read later")
        #expect(throws: LinkstrError.self) { try TagName.normalize("  ") }
        #expect(throws: LinkstrError.self) { try TagName.normalize("a,b") }
        #expect(throws: LinkstrError.self) { try TagName.normalize(String(repeating: "x", count: 65)) }
    }
}
