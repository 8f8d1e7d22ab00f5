import Foundation

/// The change feed on the account; ``ChangeFeed`` does the work, on this actor.
extension AccountRuntime {
    /// What the change feed holds after `cursor`, oldest first, and the cursor to ask with next (see
    /// ``ChangeFeed/storedChanges(after:in:)``).
    public func storedChanges(after cursor: StoredChangeCursor?) throws(LinkstrError) -> (changes: [StoredChange], cursor: StoredChangeCursor) {
        try ChangeFeed.storedChanges(after: cursor, in: self)
    }
}
