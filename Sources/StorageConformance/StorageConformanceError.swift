/// A conformance check that cannot go on, with the reason.
struct StorageConformanceError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
