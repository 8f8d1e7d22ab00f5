import LinkstrPluginKit

/// How a publish ended: the status and message for `done`, and the per-relay result JSON
/// `[{"relay":"…","accepted":true|false,"message":"…"}]`.
struct PublishCompletion: Sendable, Equatable {
    var status: LKHStatus
    var message: String
    var result: String
}
