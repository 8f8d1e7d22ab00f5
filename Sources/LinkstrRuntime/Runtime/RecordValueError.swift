/// A stored value that does not decode: damaged, or written by a newer version.
struct RecordValueError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
