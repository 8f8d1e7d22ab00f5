import Foundation

/// The Netscape bookmark file (`bookmarks.html`) every browser and bookmark manager (linkding,
/// Karakeep, Linkwarden) writes and reads: one `<DT><A HREF=… ADD_DATE=… LAST_MODIFIED=… TAGS="a,b">title</A>`
/// per link, a `<DD>` line after it for its note, folders as `<DT><H3>name</H3>` with their own
/// `<DL>`. Browsers have folders and no tags: a link's folder path is read as one tag (`dev/tools`),
/// and a link is written in the folder its first tag names (a `/` nests), so that a round trip
/// through a browser keeps it; `TAGS` keeps them all for the tools that read it.
public enum NetscapeBookmarks {
    public static func export(_ links: [SavedLink]) -> String {
        var text = """
            <!DOCTYPE NETSCAPE-Bookmark-file-1>
            <!-- This is an automatically generated file.
                 It will be read and overwritten.
                 DO NOT EDIT! -->
            <META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
            <TITLE>Bookmarks</TITLE>
            <H1>Bookmarks</H1>
            <DL><p>

            """
        var root = Folder()
        for link in links {
            root.insert(link, at: link.tags.first.map { $0.split(separator: "/").map(String.init) } ?? [])
        }
        root.write(depth: 1, into: &text)
        return text + "</DL><p>\n"
    }

    /// A folder of the export: its links, then its folders by name.
    private struct Folder {
        var links: [SavedLink] = []
        var folders: [String: Folder] = [:]

        mutating func insert(_ link: SavedLink, at path: [String]) {
            guard let first = path.first else { return links.append(link) }
            folders[first, default: Folder()].insert(link, at: Array(path.dropFirst()))
        }

        func write(depth: Int, into text: inout String) {
            let indent = String(repeating: "    ", count: depth)
            for link in links {
                text += indent + "<DT><A HREF=\"\(NetscapeBookmarks.escape(link.url))\" ADD_DATE=\"\(link.savedAt)\" LAST_MODIFIED=\"\(link.updatedAt)\""
                text += " TAGS=\"\(NetscapeBookmarks.escape(link.tags.joined(separator: ",")))\">\(NetscapeBookmarks.escape(link.title ?? link.url))</A>\n"
                if let note = link.note { text += indent + "<DD>\(NetscapeBookmarks.escape(note))\n" }
            }
            for (name, folder) in folders.sorted(by: { $0.key < $1.key }) {
                text += indent + "<DT><H3>\(NetscapeBookmarks.escape(name))</H3>\n" + indent + "<DL><p>\n"
                folder.write(depth: depth + 1, into: &text)
                text += indent + "</DL><p>\n"
            }
        }
    }

    /// Every link of a bookmark file, in file order.
    public static func parse(_ html: String) -> [BookmarkEntry] {
        var entries: [BookmarkEntry] = []
        var rest = html[...]
        // The folders the current `<DL>` lists are in; nil for a list that is no folder of the
        // user's (the file's top list, the browser's toolbar and "other bookmarks" folders).
        var folders: [String?] = []
        var heading: String?
        while let open = rest.range(of: "<", options: .literal) {
            rest = rest[open.upperBound...]
            guard let close = rest.firstIndex(of: ">") else { break }
            let tag = rest[..<close]
            rest = rest[rest.index(after: close)...]
            let name = tag.prefix { !$0.isWhitespace }.uppercased()
            if name == "H3" {
                let attributes = attributes(of: tag.dropFirst(2))
                let end = rest.range(of: "</H3>", options: [.caseInsensitive]) ?? rest.endIndex..<rest.endIndex
                let title = unescape(String(rest[..<end.lowerBound])).trimmingCharacters(in: .whitespacesAndNewlines)
                rest = rest[end.upperBound...]
                let browsersOwn = attributes["PERSONAL_TOOLBAR_FOLDER"] != nil || attributes["UNFILED_BOOKMARKS_FOLDER"] != nil
                heading = browsersOwn || title.isEmpty ? nil : title.replacingOccurrences(of: "/", with: "-")
            } else if name == "DL" {
                folders.append(heading)
                heading = nil
            } else if name == "/DL" {
                _ = folders.popLast()
            } else if name == "A" {
                let attributes = attributes(of: tag.dropFirst())
                guard let href = attributes["HREF"] else { continue }
                let end = rest.range(of: "</A>", options: [.caseInsensitive]) ?? rest.endIndex..<rest.endIndex
                let title = unescape(String(rest[..<end.lowerBound])).trimmingCharacters(in: .whitespacesAndNewlines)
                rest = rest[end.upperBound...]
                let tags = (attributes["TAGS"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                let path = folders.compactMap { $0 }.joined(separator: "/")
                entries.append(
                    BookmarkEntry(
                        url: href, title: title.isEmpty ? nil : title, tags: tags, addedAt: attributes["ADD_DATE"].flatMap(addedTime),
                        folder: path.isEmpty ? nil : path))
            } else if name == "DD", !entries.isEmpty {
                let end = rest.firstIndex(of: "<") ?? rest.endIndex
                let note = unescape(String(rest[..<end])).trimmingCharacters(in: .whitespacesAndNewlines)
                if !note.isEmpty { entries[entries.count - 1].note = note }
            }
        }
        return entries
    }

    /// `ADD_DATE` in seconds; some tools write milliseconds or microseconds.
    private static func addedTime(_ text: String) -> Int64? {
        guard var value = Int64(text.trimmingCharacters(in: .whitespaces)), value > 0 else { return nil }
        while value > 100_000_000_000 { value /= 1_000 }
        return value
    }

    /// The attributes of a start tag (names uppercased), quoted with " or ' or bare.
    private static func attributes(of text: Substring) -> [String: String] {
        var result: [String: String] = [:]
        var rest = text
        while true {
            rest = rest.drop { $0.isWhitespace }
            let name = rest.prefix { !$0.isWhitespace && $0 != "=" && $0 != ">" }
            guard !name.isEmpty else { break }
            rest = rest.dropFirst(name.count).drop { $0.isWhitespace }
            guard rest.first == "=" else {
                result[name.uppercased()] = ""
                continue
            }
            rest = rest.dropFirst().drop { $0.isWhitespace }
            let value: Substring
            if let quote = rest.first, quote == "\"" || quote == "'" {
                let body = rest.dropFirst()
                value = body.prefix { $0 != quote }
                rest = body.dropFirst(value.count + 1)
            } else {
                value = rest.prefix { !$0.isWhitespace }
                rest = rest.dropFirst(value.count)
            }
            result[name.uppercased()] = unescape(String(value))
        }
        return result
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = text[...]
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            rest = rest[amp...]
            guard let semicolon = rest.prefix(12).firstIndex(of: ";") else {
                result += "&"
                rest = rest.dropFirst()
                continue
            }
            let entity = rest[rest.index(after: rest.startIndex)..<semicolon]
            if let character = character(for: entity) {
                result.append(character)
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result += "&"
                rest = rest.dropFirst()
            }
        }
        return result + rest
    }

    private static func character(for entity: Substring) -> Character? {
        switch entity.lowercased() {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        case "nbsp": return "\u{A0}"
        default:
            let number: UInt32?
            if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
                number = UInt32(entity.dropFirst(2), radix: 16)
            } else if entity.hasPrefix("#") {
                number = UInt32(entity.dropFirst())
            } else {
                number = nil
            }
            return number.flatMap(Unicode.Scalar.init).map(Character.init)
        }
    }
}
