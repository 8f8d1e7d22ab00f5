/// The filters of one subscription: a JSON array of one or more NIP-01 filter objects, checked once
/// when the host subscribes and kept as text for every REQ (after each reconnect too).
struct FilterList: Equatable {
    /// The filter objects joined by commas, each exactly as the host wrote it.
    let joinedElements: String

    /// Validates `json`: an array of at least one object; every value inside is checked as JSON.
    init(json: [UInt8]) throws(TransportInputError) {
        var scanner = JSONScanner(json)
        var ranges: [Range<Int>] = []
        do {
            try scanner.beginArray()
            while try scanner.nextElement(isFirst: ranges.isEmpty) {
                guard scanner.peek() == UInt8(ascii: "{") else {
                    throw TransportInputError(reason: "filter \(ranges.count + 1) is not a JSON object")
                }
                ranges.append(try scanner.skipValue())
            }
            try scanner.expectEnd()
        } catch let error as JSONScanError {
            throw TransportInputError(reason: "filters are not valid JSON: \(error)")
        } catch let error as TransportInputError {
            throw error
        } catch {
            throw TransportInputError(reason: "\(error)")
        }
        guard !ranges.isEmpty else { throw TransportInputError(reason: "the filter list is empty; give at least one filter object") }
        joinedElements = ranges.map { String(decoding: json[$0], as: UTF8.self) }.joined(separator: ",")
    }
}
