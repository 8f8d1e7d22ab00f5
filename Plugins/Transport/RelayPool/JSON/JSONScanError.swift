/// Why a JSON text was refused, with the byte offset where the scanner stopped.
struct JSONScanError: Error, Equatable, CustomStringConvertible {
    var reason: String
    var offset: Int

    var description: String { "\(reason) (at byte \(offset))" }
}
