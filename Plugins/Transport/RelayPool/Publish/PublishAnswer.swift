/// One relay's answer to a publish that came after the publish's done returned, for the sink's
/// `on_publish_answer`: its OK, or what happened instead (the connection dropped, the timeout passed).
struct PublishAnswer: Sendable, Equatable {
    var relay: String
    var accepted: Bool
    var message: String
}
