import Foundation

/// The recording HTTP server of Tests/Support/http_recorder.py on 127.0.0.1.
public struct HTTPRecorder {
    public let helper: ExternalProcess
    /// Its port.
    public let port: String
    public let recordFile: String

    /// - Parameters:
    ///   - statuses: the answers to successive POSTs; the last one repeats.
    ///   - hang: record POSTs and never answer them.
    ///   - htmlErrors: answer errors with a whole HTML page, as a proxy does.
    ///   - page: the HTML every GET is answered with (without it, GET is 404).
    public init(in scratch: TestScratch, statuses: [Int] = [200], hang: Bool = false, htmlErrors: Bool = false, page: String? = nil) throws {
        recordFile = scratch.file("requests-\(UUID().uuidString.prefix(6)).jsonl")
        var arguments = [TestPython.helper("http_recorder.py"), "--record", recordFile, "--statuses", statuses.map(String.init).joined(separator: ",")]
        if hang { arguments.append("--hang") }
        if htmlErrors { arguments.append("--html-errors") }
        if let page { arguments += ["--page", page] }
        helper = try ExternalProcess(executable: try TestPython.interpreter, arguments, input: .heldOpen)
        port = try helper.readyNow()
    }

    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Every request, in order: method, path, headers (lower-case names), body.
    public var requests: [[String: Any]] { TestPython.records(recordFile) }

    public var posts: [[String: Any]] { requests.filter { $0["method"] as? String == "POST" } }

    public func stop() {
        helper.stop()
    }
}
