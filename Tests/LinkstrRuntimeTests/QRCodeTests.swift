import LinkstrRuntime
import Testing
import TestSupport

/// The QR codes front ends draw (an npub, a connection link) decode, read by a real decoder, to
/// exactly the text they were made from.
@Suite struct QRCodeTests {
    @Test(arguments: [
        "npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w6",
        "nostrconnect://83f3b2ae6aa368e8275397b9c26cf550101d63ebaab900d19dd4a4429f5ad8f5?relay=wss%3A%2F%2Frelay.example&secret=0s8j2djs&perms=nip44_encrypt%2Cnip44_decrypt%2Csign_event%3A13&name=linkstr",
    ])
    func aCodeDecodesToItsText(text: String) throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let code = try QRCode(encoding: text)
        #expect(code.size >= 21 && (code.size - 21) % 4 == 0)
        let rows = (0..<code.size).map { row in (0..<code.size).map { code[row, $0] } }
        #expect(try QRCodeReader.decode(modules: rows, scratch: scratch) == text)
    }

    @Test func aTextTooLongForAnyCodeIsAnError() {
        #expect(throws: QRCodeError.tooLong(bytes: 3_000)) { try QRCode(encoding: String(repeating: "x", count: 3_000)) }
    }
}
