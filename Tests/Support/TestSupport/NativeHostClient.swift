import Foundation
import Glibc
import LinkstrRuntime

/// A browser's side of a native-messaging connection, for tests: starts the host program with
/// pipes on stdin and stdout, writes framed requests and reads framed replies. Whatever the
/// host writes to stdout must be frames.
public final class NativeHostClient {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors: String
    private var decoder = NativeMessageDecoder()

    /// Starts `executable` with `arguments` (as the browser does: the caller's origin last);
    /// stderr goes to `stderrFile`.
    public init(_ executable: String, _ arguments: [String], environment: [String: String], stderrFile: String) throws {
        errors = stderrFile
        _ = FileManager.default.createFile(atPath: stderrFile, contents: nil)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrFile))
        signal(SIGPIPE, SIG_IGN)
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// Sends `request` and waits for the next reply (at most `timeout` seconds).
    public func request(_ request: [String: Any], timeout: Double = 20) throws -> [String: Any] {
        try send(JSONSerialization.data(withJSONObject: request))
        return try reply(timeout: timeout)
    }

    public func send(_ message: Data) throws {
        try input.fileHandleForWriting.write(contentsOf: NativeMessageCodec.frame(message))
    }

    /// The next reply, decoded.
    public func reply(timeout: Double = 20) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        let descriptor = output.fileHandleForReading.fileDescriptor
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if let message = try decoder.next() {
                guard let object = try JSONSerialization.jsonObject(with: message) as? [String: Any] else {
                    throw TestFailure("the host replied with something that is not a JSON object: \(String(decoding: message, as: UTF8.self))")
                }
                return object
            }
            let left = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&waiting, 1, left) > 0 else { throw TestFailure("no reply from the host within \(timeout) s; its stderr: \(stderr)") }
            let count = read(descriptor, &chunk, chunk.count)
            guard count > 0 else { throw TestFailure("the host closed stdout without a reply; its stderr: \(stderr)") }
            decoder.append(Data(chunk[0..<count]))
        }
    }

    /// Closes stdin as a browser does when the page goes away; returns the exit status and whether
    /// stdout ended on a frame boundary (nothing but frames was written).
    public func finish(timeout: Double = 20) throws -> (status: Int32, cleanEnd: Bool) {
        try input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        guard !process.isRunning else { throw TestFailure("the host did not exit within \(timeout) s after stdin closed") }
        decoder.append(output.fileHandleForReading.readDataToEndOfFile())
        while try decoder.next() != nil {}
        return (process.terminationStatus, !decoder.hasPartialMessage)
    }

    public var stderr: String { (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "" }
}
