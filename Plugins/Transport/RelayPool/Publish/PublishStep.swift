/// What a change of a publish leaves its caller to do once every lock is released: call done with
/// `completion`, report `answers` through the sink, and forget the operation when `isOver`.
struct PublishStep: Sendable, Equatable {
    var completion: PublishCompletion?
    var answers: [PublishAnswer] = []
    var isOver = false

    static let nothing = PublishStep()
}
