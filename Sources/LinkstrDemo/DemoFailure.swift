/// Why the tour stopped: one sentence a person can act on, printed as `linkstr: …` (exit status 1).
struct DemoFailure: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
