/// What a storage plugin's `void *instance` points to: its engine.
///
/// Thread rule: immutable; the engine synchronizes itself (`StorageEngine`).
final class StorageInstance: Sendable {
    let engine: any StorageEngine

    init(engine: any StorageEngine) {
        self.engine = engine
    }
}
