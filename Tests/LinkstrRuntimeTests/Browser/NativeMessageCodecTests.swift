import Foundation
import LinkstrRuntime
import Testing

/// The native-messaging framing: a 4-byte native-endian length, then the JSON; at most 1 MB.
@Suite struct NativeMessageCodecTests {
    @Test func framesWithANativeEndianLength() throws {
        let framed = try NativeMessageCodec.frame(Data(#"{"id":1}"#.utf8))
        #expect(Array(framed.prefix(4)) == withUnsafeBytes(of: UInt32(8)) { Array($0) })
        #expect(framed.dropFirst(4) == Data(#"{"id":1}"#.utf8))
    }

    @Test func refusesToSendMoreThanOneMegabyte() throws {
        #expect(try NativeMessageCodec.frame(Data(count: NativeMessageCodec.maximumLength)).count == NativeMessageCodec.maximumLength + 4)
        #expect(throws: NativeMessageError.tooLong(NativeMessageCodec.maximumLength + 1)) {
            try NativeMessageCodec.frame(Data(count: NativeMessageCodec.maximumLength + 1))
        }
    }

    @Test func decodesMessagesSplitAnywhereInTheStream() throws {
        let stream = try NativeMessageCodec.frame(Data("first".utf8)) + NativeMessageCodec.frame(Data()) + NativeMessageCodec.frame(Data("third".utf8))
        var decoder = NativeMessageDecoder()
        var messages: [String] = []
        for byte in stream {
            decoder.append(Data([byte]))
            while let message = try decoder.next() { messages.append(String(decoding: message, as: UTF8.self)) }
        }
        #expect(messages == ["first", "", "third"])
        #expect(!decoder.hasPartialMessage)
    }

    @Test func keepsAnUnfinishedMessageAndRefusesAnOversizedHeader() throws {
        var decoder = NativeMessageDecoder()
        decoder.append(try NativeMessageCodec.frame(Data("whole".utf8)).dropLast())
        #expect(try decoder.next() == nil)
        #expect(decoder.hasPartialMessage)

        var oversized = NativeMessageDecoder()
        oversized.append(withUnsafeBytes(of: UInt32(NativeMessageCodec.maximumLength + 1)) { Data($0) })
        #expect(throws: NativeMessageError.tooLong(NativeMessageCodec.maximumLength + 1)) { try oversized.next() }
    }
}
