/// What a storage plugin's `void *instance` points to: its backend.
///
/// Thread rule: immutable; the backend synchronizes itself (`StorageBackend`).
final class StorageInstance: Sendable {
    let backend: any StorageBackend

    init(backend: any StorageBackend) {
        self.backend = backend
    }
}
