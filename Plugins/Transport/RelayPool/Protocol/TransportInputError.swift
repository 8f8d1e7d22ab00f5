/// Why input was refused: a relay's frame that is not a NIP-01 relay message, or filters, an event
/// or a relay URL from the host that the pool cannot use. The reason names what to fix.
package struct TransportInputError: Error, Equatable, CustomStringConvertible {
    var reason: String

    package var description: String { reason }
}
