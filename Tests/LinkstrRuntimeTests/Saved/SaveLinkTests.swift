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
}
