/// The storage contract as checks any storage plugin can be run against: the Swift test suite runs
/// them for every backend of this package and `linkstr plugins conformance PATH` for a plugin file.
///
/// ```swift
/// for check in StorageConformance.checks {
///     let backend = try openFreshStore()  // an opened `StorageBackend`
///     let failures = check.run(on: backend)
/// }
/// ```
public enum StorageConformance {
    /// Every check, each to be run on its own freshly opened store.
    public static let checks: [StorageConformanceCheck] = [
        putAndGet, emptyOwner, deletes, ordering, counting, failedBatch, badInput, ownerIsolation, deleteOwner, describe,
        stopEarly, crossedSortBounds, rawOperations, survivesReopening, threadsAtOnce, instancesAtOnce, processesAtOnce, killedInsideABatch,
    ]
}
