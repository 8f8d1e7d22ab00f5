/// The fixture server could not be started.
struct FixtureServerError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
