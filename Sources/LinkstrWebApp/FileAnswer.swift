import Foundation
import HTTPTypes
import Hummingbird

/// A file of the local cache as an answer, with HTTP byte ranges (`Range: bytes=…` → 206 and
/// `Content-Range`), so a `<video>` can seek without loading the whole file first.
enum FileAnswer {
    /// The bytes of one range request, inclusive, within a file of `size` bytes.
    struct ByteRange: Equatable {
        var first: Int64
        var last: Int64

        /// The range a `Range` header asks for; nil when it asks for none this server serves as a
        /// range (absent, not bytes, several ranges: the whole file is sent); `.failure` when it
        /// lies outside the file.
        static func parse(_ header: String?, size: Int64) -> Result<ByteRange, Unsatisfiable>? {
            guard let header, header.hasPrefix("bytes="), !header.contains(",") else { return nil }
            let spec = header.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
            let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2 else { return nil }
            if parts[0].isEmpty {
                // The last N bytes.
                guard let count = Int64(parts[1]), count > 0, size > 0 else { return .failure(Unsatisfiable()) }
                return .success(ByteRange(first: max(0, size - count), last: size - 1))
            }
            guard let first = Int64(parts[0]), first >= 0 else { return nil }
            guard first < size else { return .failure(Unsatisfiable()) }
            let last = parts[1].isEmpty ? size - 1 : min(Int64(parts[1]) ?? -1, size - 1)
            // A malformed or backwards range is ignored (RFC 9110): the whole file.
            guard last >= first else { return nil }
            return .success(ByteRange(first: first, last: last))
        }
    }

    struct Unsatisfiable: Error {}

    static let chunkBytes = 256 * 1024

    /// `path` whole (200) or the range `request` asks for (206); 404 when the file is gone.
    static func serve(_ path: String, request: Request) -> Response {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path), let size = (attributes[.size] as? NSNumber)?.int64Value,
            let handle = FileHandle(forReadingAtPath: path)
        else {
            return WebResponse.html(Layout.page(title: "Not found", csrf: "", body: "<h1>This file is no longer in the cache</h1>"), status: .notFound)
        }
        var headers: HTTPFields = [.contentType: contentType(path), .acceptRanges: "bytes"]
        var range = ByteRange(first: 0, last: size - 1)
        var status = HTTPResponse.Status.ok
        switch ByteRange.parse(request.headers[.range], size: size) {
        case .success(let asked):
            range = asked
            status = .partialContent
            headers[.contentRange] = "bytes \(asked.first)-\(asked.last)/\(size)"
        case .failure:
            try? handle.close()
            return Response(status: .rangeNotSatisfiable, headers: [.contentRange: "bytes */\(size)"])
        case nil:
            break
        }
        headers[.contentLength] = "\(max(0, range.last - range.first + 1))"
        let served = range
        let body = ResponseBody { writer in
            defer { try? handle.close() }
            try handle.seek(toOffset: UInt64(served.first))
            var left = served.last - served.first + 1
            while left > 0 {
                let data = try handle.read(upToCount: Int(min(left, Int64(chunkBytes)))) ?? Data()
                if data.isEmpty { break }
                left -= Int64(data.count)
                try await writer.write(ByteBuffer(bytes: data))
            }
            try await writer.finish(nil)
        }
        return Response(status: status, headers: headers, body: body)
    }

    static func contentType(_ path: String) -> String {
        switch path.split(separator: ".").last?.lowercased() ?? "" {
        case "mp4", "m4v": "video/mp4"
        case "webm": "video/webm"
        case "mkv": "video/x-matroska"
        case "mov": "video/quicktime"
        case "jpg", "jpeg": "image/jpeg"
        case "png": "image/png"
        case "webp": "image/webp"
        case "gif": "image/gif"
        default: "application/octet-stream"
        }
    }
}
