import LinkstrEngine
import NostrCore

/// A wrap admitted by the receive stage and handed to the unwrap pool, waiting for its turn at the
/// engine (wraps reach the engine in the order they were admitted).
struct InFlightUnwrap {
    let ticket: UnwrapTicket
    let wrapID: WrapID
    let source: IngestSource
}
