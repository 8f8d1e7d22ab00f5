/// Why a backfill could not run.
public struct BackfillError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public var description: String { message }
}
