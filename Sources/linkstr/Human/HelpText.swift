import Glibc

/// `--help` as people read it, whatever width the source text was written at: ArgumentParser's help
/// rendered without wrapping, then each paragraph of the description joined and wrapped to the
/// terminal's width (examples and other indented lines kept as written), the examples moved after
/// the description (every help has one layout: what it does, then examples, then usage and
/// options), and long option lines wrapped under their description column.
enum HelpText {
    /// The width help is wrapped to: the terminal's, else `COLUMNS`, else 80 (at least 40).
    static func width(environment: [String: String]) -> Int {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return max(40, Int(size.ws_col)) }
        if let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 { return max(40, columns) }
        return 80
    }

    /// `raw` (help rendered without wrapping) laid out for `width` columns.
    static func render(_ raw: String, width: Int) -> String {
        let lines = raw.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let usage = lines.firstIndex { $0.hasPrefix("USAGE:") } ?? lines.count
        var text = description(Array(lines[..<usage]), width: width)
        for line in lines[usage...] { text += wrap(line, width: width, indent: hangingIndent(line)).joined(separator: "\n") + "\n" }
        while text.hasSuffix("\n\n") { text.removeLast() }
        return text
    }

    /// The part before USAGE: prose paragraphs joined and wrapped, then the example blocks.
    private static func description(_ lines: [String], width: Int) -> String {
        var blocks: [[String]] = [[]]
        for line in lines {
            if line.trimmingCharacters(in: .whitespaces).isEmpty {
                if !(blocks.last?.isEmpty ?? true) { blocks.append([]) }
            } else {
                blocks[blocks.count - 1].append(line)
            }
        }
        blocks.removeAll(where: \.isEmpty)
        let isExample = { (block: [String]) in block.count > 1 && block[0].hasSuffix(":") && block.dropFirst().allSatisfy { $0.hasPrefix(" ") } }
        let ordered = blocks.filter { !isExample($0) } + blocks.filter(isExample)
        return ordered.map { block in prose(block, width: width) }.joined(separator: "\n") + "\n"
    }

    /// A block: runs of unindented lines are one paragraph (wrapped); indented lines stay as written.
    private static func prose(_ block: [String], width: Int) -> String {
        var text = ""
        var paragraph: [String] = []
        func flush() {
            guard !paragraph.isEmpty else { return }
            text += wrap(paragraph.joined(separator: " "), width: width, indent: 0).joined(separator: "\n") + "\n"
            paragraph = []
        }
        for line in block {
            // Indented lines, and a short heading such as "Example:", stay as written.
            if line.hasPrefix(" ") || line.hasSuffix(":") && line.count < 40 && paragraph.isEmpty {
                flush()
                text += line + "\n"
            } else {
                paragraph.append(line.trimmingCharacters(in: .whitespaces))
            }
        }
        flush()
        return text
    }

    /// Where a wrapped option line goes on: under its description (after the label and its gap of
    /// two or more spaces), else under its own first character.
    private static func hangingIndent(_ line: String) -> Int {
        let characters = Array(line)
        let leading = characters.prefix { $0 == " " }.count
        guard leading > 0 else { return line.hasPrefix("USAGE: ") ? 7 : 0 }
        var index = leading
        while index < characters.count {
            if characters[index] == " ", index + 1 < characters.count, characters[index + 1] == " " {
                var end = index
                while end < characters.count, characters[end] == " " { end += 1 }
                return end < characters.count ? end : leading
            }
            index += 1
        }
        return leading
    }

    /// `line` broken at spaces into lines of at most `width` columns (a longer word stays whole);
    /// the lines after the first start with `indent` spaces.
    static func wrap(_ line: String, width: Int, indent: Int) -> [String] {
        guard line.count > width else { return [line] }
        let leading = String(line.prefix { $0 == " " })
        let words = line.dropFirst(leading.count).split(separator: " ", omittingEmptySubsequences: false)
        var lines: [String] = []
        var current = leading
        var startOfLine = true
        for word in words {
            if word.isEmpty {
                if !startOfLine { current += " " }
                continue
            }
            let separator = startOfLine ? "" : " "
            if !startOfLine, current.count + separator.count + word.count > width {
                lines.append(trailingTrimmed(current))
                current = String(repeating: " ", count: min(indent, width / 2))
                startOfLine = true
            }
            current += (startOfLine ? "" : " ") + word
            startOfLine = false
        }
        lines.append(trailingTrimmed(current))
        return lines
    }

    private static func trailingTrimmed(_ text: String) -> String {
        var text = text
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
