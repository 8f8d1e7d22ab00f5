import Glibc

/// Writes an executable shell script for a test.
///
/// The file is opened close-on-exec: a test running in parallel that starts a program at that very
/// moment must not inherit the descriptor, or running the script would fail with ETXTBSY ("Text file
/// busy") for as long as that program lives.
public enum Script {
    public static func write(_ path: String, _ body: String) -> String {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o700)
        precondition(descriptor >= 0, "cannot create \(path): \(String(cString: strerror(errno)))")
        let bytes = Array(("#!/bin/sh\n" + body).utf8)
        precondition(bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) } == bytes.count)
        close(descriptor)
        return path
    }
}
