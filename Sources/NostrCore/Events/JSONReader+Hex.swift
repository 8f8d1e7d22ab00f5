import StrictJSON

extension JSONReader {
    /// Reads a string that must be exactly `output.count × 2` lowercase hex digits. Returns
    /// false (after consuming the string) if it is a well-formed string of other content.
    mutating func readLowercaseHex(into output: UnsafeMutableRawBufferPointer) throws(JSONSyntaxError) -> Bool {
        // Fast path: the digits as written, the closing quote right after them.
        if consumeString(byteCount: output.count * 2, where: { Hex.decodeLowercase($0, into: output) }) { return true }
        let text = try readString()
        return Hex.decodeLowercase(text, into: output)
    }
}
