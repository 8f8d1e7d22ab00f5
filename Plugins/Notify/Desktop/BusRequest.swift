import LinkstrPluginKit
import NotifierKit

/// Work handed to the bus thread, with the rendezvous its answer goes to.
enum BusRequest: Sendable {
    /// Connect and ask the server who it is; answers "name version (vendor)".
    case probe(Rendezvous<Result<String, PluginError>>)
    /// Show one notification.
    case notify(NotificationMessage, DeliveryCancellation, Rendezvous<Result<Void, PluginError>>)

    /// Answers without doing the work (shutting down).
    func abandon(_ failure: PluginError) {
        switch self {
        case .probe(let answer): answer.fulfil(.failure(failure))
        case .notify(_, _, let answer): answer.fulfil(.failure(failure))
        }
    }
}
