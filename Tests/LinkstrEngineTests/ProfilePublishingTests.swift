import LinkstrEngine
import NostrCore
import Testing

/// The content of our next kind 0: only the name changes, every other field stays as written.
@Suite struct ProfilePublishingTests {
    let me = SecretKey.generate().publicKey

    @Test func settingTheNameKeepsEveryOtherFieldInItsPlaceAndItsNumbersAsWritten() {
        let current = #"{"picture":"https://example.com/a.png","name":"old","about":"x\ny","n":1.50,"nested":{"a":[1,true,null]}}"#
        let next = Profile.metadataContent(current, settingName: "Alice")
        #expect(next == #"{"picture":"https://example.com/a.png","name":"Alice","about":"x\ny","n":1.50,"nested":{"a":[1,true,null]},"display_name":"Alice"}"#)
    }

    @Test func clearingRemovesTheNameKeysOnly() {
        let current = #"{"name":"old","display_name":"Old","displayName":"Old","about":"kept"}"#
        #expect(Profile.metadataContent(current, settingName: nil) == #"{"about":"kept"}"#)
    }

    @Test func withoutAProfileOrWithContentThatIsNoObjectTheNameIsAllThereIs() {
        #expect(Profile.metadataContent(nil, settingName: "Ann \"A\"") == #"{"name":"Ann \"A\"","display_name":"Ann \"A\""}"#)
        #expect(Profile.metadataContent("not json", settingName: "Ann") == #"{"name":"Ann","display_name":"Ann"}"#)
    }

    @Test func theNextProfileIsNewerThanTheCurrentOneAndKeepsItsTags() throws {
        let signer = LocalSigner(keypair: .generate())
        let current = try signer.sign(UnsignedEvent(pubkey: signer.publicKey, createdAt: 2_000, kind: 0, tags: [["alt", "profile"]], content: "{}"))
        let next = Profile.publishing("Bo", by: signer.publicKey, over: current, now: 1_000)
        #expect(next.createdAt == 2_001 && next.kind == 0 && next.tags == [["alt", "profile"]])
        #expect(Profile.publishing("Bo", by: me, over: nil, now: 1_000).createdAt == 1_000)
    }
}
