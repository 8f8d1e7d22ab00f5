import Glibc

/// posix_spawn's error number, as a sentence.
struct SpawnFailure: Error, CustomStringConvertible {
    var code: Int32

    var description: String { String(cString: strerror(code)) }
}
