extension SessionSummary {
    /// The warning for a session that shares its name with `namesakes` (see
    /// `Sessions.namesakes(of:in:)`): which id names it from now on; nil when none does.
    public func namesakeWarning(_ namesakes: [SessionSummary]) -> String? {
        guard !namesakes.isEmpty else { return nil }
        let others = namesakes.count == 1 ? "another session is" : "\(namesakes.count) other sessions are"
        return "\(others) also named '\(name)' (\(namesakes.map(\.id.rawValue).joined(separator: ", "))); name this one by its id: \(id)"
    }
}
