/// The version of linkstr (the program, the host library and the built-in plugins).
public enum LinkstrVersion {
    public static let string = "0.1.0"

    /// The same, as a C string with static storage (for `linkstr_version()`).
    nonisolated(unsafe) public static let cString: UnsafePointer<CChar> = {
        let bytes = Array(string.utf8CString)
        let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
        pointer.initialize(from: bytes, count: bytes.count)
        return UnsafePointer(pointer)
    }()
}
