import Foundation
import Glibc
import LinkstrRuntime

/// A browser's side of a native-messaging connection, for tests: starts the host program with
/// pipes on stdin and stdout, writes framed requests and reads framed replies. Whatever the
/// host writes to stdout must be frames.
public final class NativeHostClient {
    private let host: ExternalProcess
    private var decoder = NativeMessageDecoder()
    /// How much of the host's stdout the decoder has been given.
    private var taken = 0

    /// Starts `executable` with `arguments` (as the browser does: the caller's origin last).
    public init(_ executable: String, _ arguments: [String], environment: [String: String]) throws {
        host = try ExternalProcess(executable: executable, arguments, environment: environment, input: .heldOpen)
    }

    /// Sends `request` and waits for the next reply (at most `timeout` seconds).
    public func request(_ request: [String: Any], timeout: Double = 20) throws -> [String: Any] {
        try send(JSONSerialization.data(withJSONObject: request))
        return try reply(timeout: timeout)
    }

    public func send(_ message: Data) throws {
        try host.write(Array(NativeMessageCodec.frame(message)))
    }

    /// The next reply, decoded.
    public func reply(timeout: Double = 20) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let message = try decoder.next() {
                guard let object = try JSONSerialization.jsonObject(with: message) as? [String: Any] else {
                    throw TestFailure("the host replied with something that is not a JSON object: \(String(decoding: message, as: UTF8.self))")
                }
                return object
            }
            if takeOutput() { continue }
            if !host.isRunning, host.waitForEnd(upTo: .seconds(2)) != nil, !takeOutput() {
                throw TestFailure("the host closed stdout without a reply; its stderr: \(stderr)")
            }
            guard Date() < deadline else { throw TestFailure("no reply from the host within \(timeout) s; its stderr: \(stderr)") }
            usleep(10_000)
        }
    }

    /// Closes stdin as a browser does when the page goes away; returns the exit status and whether
    /// stdout ended on a frame boundary (nothing but frames was written).
    public func finish(timeout: Double = 20) throws -> (status: Int32, cleanEnd: Bool) {
        host.closeInput()
        let deadline = Date().addingTimeInterval(timeout)
        while host.isRunning, Date() < deadline { usleep(20_000) }
        guard let exit = host.exit else { throw TestFailure("the host did not exit within \(timeout) s after stdin closed") }
        _ = host.waitForEnd(upTo: .seconds(2))
        takeOutput()
        while try decoder.next() != nil {}
        return (exit.status, !decoder.hasPartialMessage)
    }

    public var stderr: String { host.stderr }

    /// Gives the decoder what the host wrote since; whether there was any.
    @discardableResult
    private func takeOutput() -> Bool {
        let output = host.stdoutBytes
        guard output.count > taken else { return false }
        decoder.append(Data(output[taken...]))
        taken = output.count
        return true
    }
}
