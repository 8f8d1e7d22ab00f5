import Foundation

/// What the programs that embed the runtime print: one line per call, `<step> <status> <json or
/// message>`, one `event <json>` line per watch event, and other lines as they are.
struct EmbeddedCallLog {
    struct Call: Equatable {
        var status: Int32
        /// The JSON record on success, else the error message.
        var text: String
    }

    let lines: [String]
    /// Each step's call (the last one of a step that repeats).
    let calls: [String: Call]

    init(_ output: String) {
        lines = output.split(separator: "\n").map(String.init)
        var calls: [String: Call] = [:]
        for line in lines {
            let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3, let status = Int32(parts[1]) else { continue }
            calls[parts[0]] = Call(status: status, text: parts[2])
        }
        self.calls = calls
    }

    subscript(step: String) -> Call? { calls[step] }

    /// The watch events, in order, as JSON objects.
    var events: [[String: Any]] {
        lines.filter { $0.hasPrefix("event ") }.compactMap { line in
            try? JSONSerialization.jsonObject(with: Data(line.dropFirst(6).utf8)) as? [String: Any]
        }
    }

    /// The record a successful step printed, decoded as `T`.
    func record<T: Decodable>(_ type: T.Type, _ step: String) throws -> T {
        guard let call = calls[step], call.status == 0 else { throw TestFailure("\(step) failed: \(calls[step]?.text ?? "not called")") }
        return try JSONDecoder().decode(T.self, from: Data(call.text.utf8))
    }
}
