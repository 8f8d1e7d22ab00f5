import StrictJSON

/// The filters of one subscription: a JSON array of one or more NIP-01 filter objects, checked once
/// when the host subscribes and kept as text for every REQ (after each reconnect too).
struct FilterList: Equatable {
    /// The filter objects joined by commas, each exactly as the host wrote it.
    let joinedElements: String

    /// Validates `json`: an array of at least one object; every value inside is checked as JSON.
    init(json: [UInt8]) throws(TransportInputError) {
        let ranges = try json.withUnsafeBufferPointer { buffer throws(TransportInputError) in try Self.elementRanges(buffer) }
        guard !ranges.isEmpty else { throw TransportInputError(reason: "the filter list is empty; give at least one filter object") }
        joinedElements = ranges.map { String(decoding: json[$0], as: UTF8.self) }.joined(separator: ",")
    }

    /// The byte ranges of the objects in the array `json`.
    private static func elementRanges(_ json: UnsafeBufferPointer<UInt8>) throws(TransportInputError) -> [Range<Int>] {
        var reader = JSONReader(json)
        var ranges: [Range<Int>] = []
        do {
            try reader.expect(UInt8(ascii: "["), "'['")
            while try reader.nextElement(isFirst: ranges.isEmpty) {
                guard reader.peek() == UInt8(ascii: "{") else {
                    throw TransportInputError(reason: "filter \(ranges.count + 1) is not a JSON object")
                }
                ranges.append(try reader.skipValue())
            }
            try reader.expectEnd(after: "the end of the JSON value")
        } catch let error as JSONSyntaxError {
            throw TransportInputError(reason: "filters are not valid JSON: \(error)")
        } catch let error as TransportInputError {
            throw error
        } catch {
            throw TransportInputError(reason: "\(error)")
        }
        return ranges
    }
}
