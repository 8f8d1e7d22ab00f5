import LinkstrRuntime

/// Where this library (`liblinkstr.so`) was loaded from, so that an embedding program finds the
/// plugins installed beside it (`<libdir>/linkstr/plugins`) whatever its own folder is.
enum LibraryLocation {
    /// The folder of the loaded `liblinkstr.so`, or nil when the dynamic loader cannot say.
    static let directory: String? = LoadedImage.directory(containing: #dsohandle)
}
