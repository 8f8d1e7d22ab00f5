/// A tolerant tokenizer for the `<head>` of an HTML page: it yields start and end tags with their
/// attributes and skips text, comments, `<!DOCTYPE>`, processing instructions and the contents of
/// `<script>`, `<style>`, `<template>` and `<textarea>` (so a `<meta>` written inside a script or a
/// comment is never seen). Tag and attribute names are lowercased; values are entity-decoded; the
/// first occurrence of an attribute wins; quotes are optional.
///
/// Thread rule: a value type; use one per thread.
struct HeadScanner {
    struct Tag {
        /// Lowercased; `/name` for an end tag.
        var name: String
        var attributes: [(name: String, value: String)]

        /// The value of the first attribute called `name` (lowercase).
        func attribute(_ name: String) -> String? {
            attributes.first { $0.name == name }?.value
        }
    }

    private let bytes: [UInt8]
    private var index = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// The next tag, or nil at the end of the text.
    mutating func nextTag() -> Tag? {
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            if startsWith("<!--") {
                index = end(of: "-->", from: index + 4)
                continue
            }
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
                index = end(of: ">", from: index + 2)
                continue
            }
            let isEndTag = next == UInt8(ascii: "/")
            let nameStart = index + (isEndTag ? 2 : 1)
            guard nameStart < bytes.count, Self.isLetter(bytes[nameStart]) else {
                index += 1
                continue
            }
            var cursor = nameStart
            while cursor < bytes.count, !Self.isSpace(bytes[cursor]), bytes[cursor] != UInt8(ascii: ">"),
                bytes[cursor] != UInt8(ascii: "/")
            {
                cursor += 1
            }
            let name = Self.lowercased(bytes[nameStart..<cursor])
            index = cursor
            if isEndTag {
                index = end(of: ">", from: index)
                return Tag(name: "/" + name, attributes: [])
            }
            let (attributes, selfClosing) = readAttributes()
            if !selfClosing, ["script", "style", "template", "textarea"].contains(name) {
                index = closingTag(name).end
            }
            return Tag(name: name, attributes: attributes)
        }
        return nil
    }

    /// The raw text up to `</name>` (for `<title>`), entity-decoded with whitespace collapsed.
    mutating func text(until name: String) -> String {
        let closing = closingTag(name)
        let raw = String(decoding: bytes[index..<closing.start], as: UTF8.self)
        index = closing.end
        return Self.collapsingWhitespace(HTMLEntities.decode(raw))
    }

    static func collapsingWhitespace(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    private mutating func readAttributes() -> ([(name: String, value: String)], selfClosing: Bool) {
        var attributes: [(name: String, value: String)] = []
        var selfClosing = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") {
                index += 1
                return (attributes, selfClosing)
            }
            if Self.isSpace(byte) || byte == UInt8(ascii: "/") {
                selfClosing = byte == UInt8(ascii: "/")
                index += 1
                continue
            }
            selfClosing = false
            let nameStart = index
            while index < bytes.count, !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: "="),
                bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/")
            {
                index += 1
            }
            let name = Self.lowercased(bytes[nameStart..<index])
            skipSpaces()
            var value = ""
            if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                index += 1
                skipSpaces()
                value = readValue()
            }
            if !attributes.contains(where: { $0.name == name }) {
                attributes.append((name, HTMLEntities.decode(value)))
            }
        }
        return (attributes, selfClosing)
    }

    private mutating func readValue() -> String {
        guard index < bytes.count else { return "" }
        let quote = bytes[index]
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            let start = index + 1
            var end = start
            while end < bytes.count, bytes[end] != quote { end += 1 }
            index = min(end + 1, bytes.count)
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }
        let start = index
        while index < bytes.count, !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func skipSpaces() {
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
    }

    private func startsWith(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] { return false }
        return true
    }

    /// The index just past the first `terminator` at or after `from` (the end of the text if none).
    private func end(of terminator: StaticString, from: Int) -> Int {
        let count = terminator.utf8CodeUnitCount
        var cursor = from
        while cursor + count <= bytes.count {
            var matches = true
            for offset in 0..<count where bytes[cursor + offset] != terminator.utf8Start[offset] {
                matches = false
                break
            }
            if matches { return cursor + count }
            cursor += 1
        }
        return bytes.count
    }

    /// Where the first `</name …>` (case-insensitive) at or after the cursor starts and where it ends;
    /// both are the end of the text when there is none.
    private func closingTag(_ name: String) -> (start: Int, end: Int) {
        let needle = Array(("</" + name).utf8)
        var cursor = index
        while cursor + needle.count <= bytes.count {
            var matches = true
            for offset in 0..<needle.count where Self.lower(bytes[cursor + offset]) != needle[offset] {
                matches = false
                break
            }
            let after = cursor + needle.count
            if matches, after == bytes.count || !Self.isLetter(bytes[after]) {
                var close = after
                while close < bytes.count, bytes[close] != UInt8(ascii: ">") { close += 1 }
                return (cursor, min(close + 1, bytes.count))
            }
            cursor += 1
        }
        return (bytes.count, bytes.count)
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }

    private static func lowercased(_ slice: ArraySlice<UInt8>) -> String {
        String(decoding: slice.map(lower), as: UTF8.self)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        lower(byte) &- 0x61 < 26
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }
}
