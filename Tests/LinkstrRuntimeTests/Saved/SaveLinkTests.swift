import LinkstrRuntime
import Testing

/// `linkstr://save?url=…&tag=…` links: what they save, and which links are no save link.
@Suite struct SaveLinkTests {
    @Test func decodesTheURLTagsAndNote() throws {
        let link = try SaveLink.decode("linkstr://save?url=https%3A%2F%2Fexample.com%2Fa%3Fb%3D1&tag=read&tag=later,video&note=for%20later")
        #expect(link == SaveLink(url: "https://example.com/a?b=1", tags: ["read", "later", "video"], note: "for later"))
        #expect(try SaveLink.decode("LINKSTR://save?url=example.com") == SaveLink(url: "example.com"))
    }

    @Test func otherLinksAreNoSaveLinksAndOneWithoutURLIsRefused() throws {
        #expect(try SaveLink.decode("linkstr://open?url=https%3A%2F%2Fexample.com") == nil)
        #expect(try SaveLink.decode("https://example.com/save?url=x") == nil)
        #expect(throws: LinkstrError.self) { try SaveLink.decode("linkstr://save?tag=a") }
    }

    /// What `linkstr save TEXT` saves: a save link's URL, tags and note; the URL an open link
    /// shares; any other text as it is; a `linkstr:` text that is no deep link is refused.
    @Test func aLinkGivenToSaveNamesTheURLItShares() throws {
        #expect(try SaveLink.target("linkstr://save?url=https%3A%2F%2Fexample.com&tag=read&note=n") == SaveLink(url: "https://example.com", tags: ["read"], note: "n"))
        #expect(try SaveLink.target("linkstr://open?url=https%3A%2F%2Fyoutu.be%2FdQw4w9WgXcQ") == SaveLink(url: "https://youtu.be/dQw4w9WgXcQ"))
        #expect(try SaveLink.target("example.com/article") == SaveLink(url: "example.com/article"))
        let refused = #expect(throws: LinkstrError.self) { try SaveLink.target("linkstr://nothing-here") }
        #expect(refused?.code == .badInput)
        #expect(try SaveLink.target("https://example.com/linkstr:x") == SaveLink(url: "https://example.com/linkstr:x"))
    }
}
