/// Calls `body` with the bytes of `collection` (copied only when it has no contiguous
/// storage), keeping `body`'s typed error (the standard library's `withUnsafeBytes` rethrows
/// untyped errors).
func withContiguousBytes<R, E: Error>(_ collection: some Collection<UInt8>,
                                      _ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
    if let result = collection.withContiguousStorageIfAvailable({ buffer in
        Result { () throws(E) in try body(UnsafeRawBufferPointer(buffer)) }
    }) {
        return try result.get()
    }
    let copy = Array(collection)
    let result = copy.withUnsafeBytes { buffer in Result { () throws(E) in try body(buffer) } }
    return try result.get()
}
