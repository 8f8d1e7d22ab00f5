import Glibc

/// Writing text to a file descriptor (stdout, stderr) whole: short writes are continued, EINTR is
/// retried, and a closed reader (EPIPE, with SIGPIPE ignored) ends the write quietly.
public enum TextOutput {
    public static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { utf8 in
            var offset = 0
            while offset < utf8.count {
                let written = Glibc.write(descriptor, utf8.baseAddress! + offset, utf8.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }
}
