import Foundation

extension Form {
    /// A file of a `multipart/form-data` body: its field, the name the browser gave, its bytes.
    struct Upload: Sendable {
        var field: String
        var filename: String
        var bytes: Data
    }

    /// The boundary of a `multipart/form-data` content type; nil for any other type.
    static func multipartBoundary(_ contentType: String?) -> String? {
        guard let contentType, contentType.lowercased().hasPrefix("multipart/form-data") else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let parts = parameter.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "boundary" {
                let value = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                return value.isEmpty ? nil : value
            }
        }
        return nil
    }

    /// The fields and files of a `multipart/form-data` body (RFC 7578): each part between
    /// `--boundary` lines, its name (and a file's name) in `Content-Disposition`. A part without a
    /// name is left out; a file part is a file even when empty.
    init(multipart body: Data, boundary: String) {
        self.init()
        let delimiter = Data("--\(boundary)".utf8)
        let headerEnd = Data("\r\n\r\n".utf8)
        var start = body.range(of: delimiter)?.upperBound
        while let partStart = start, let next = body.range(of: delimiter, in: partStart..<body.endIndex) {
            // The part is between the CRLF after the delimiter and the CRLF before the next one.
            let part = body[partStart..<next.lowerBound]
            start = next.upperBound
            guard let headersRange = part.range(of: headerEnd) else { continue }
            let headers = String(decoding: part[part.startIndex..<headersRange.lowerBound], as: UTF8.self)
            var content = part[headersRange.upperBound..<part.endIndex]
            if content.suffix(2) == Data("\r\n".utf8) { content = content.dropLast(2) }
            guard let disposition = headers.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-disposition:") }),
                let name = Self.parameter("name", of: disposition)
            else { continue }
            if let filename = Self.parameter("filename", of: disposition) {
                files.append(Upload(field: name, filename: filename, bytes: Data(content)))
            } else {
                fields.append((name, String(decoding: content, as: UTF8.self)))
            }
        }
    }

    func file(_ field: String) -> Upload? {
        files.first { $0.field == field }
    }

    /// A quoted parameter of a `Content-Disposition` line (`name="csrf"`).
    private static func parameter(_ name: String, of line: Substring) -> String? {
        for item in line.split(separator: ";").dropFirst() {
            let parts = item.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == name else { continue }
            var value = String(parts[1])
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            return value.replacingOccurrences(of: "%22", with: "\"")
        }
        return nil
    }
}
