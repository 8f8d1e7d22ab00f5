/// What the app says on the browser helper's question socket, one line each: `asked` as soon as
/// the question is shown, then `answered` (with the answer) or `unanswered` (nobody answered in time).
struct BrowserQuestionReply: Codable {
    enum State: String, Codable {
        case asked
        case answered
        case unanswered
    }

    var state: State
    var answer: BrowserAnswer?
}
