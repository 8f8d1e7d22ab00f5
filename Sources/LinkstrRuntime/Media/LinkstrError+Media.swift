extension LinkstrError {
    /// A media operation that failed on a link, its sentence after `context` ("cannot resolve <url>"):
    /// bad input when the provider refused the link as invalid, else a failure.
    public init(_ failure: MediaFailure, _ context: String) {
        self.init(failure.status == .invalid ? .badInput : .failed, "\(context): \(failure)")
    }
}
