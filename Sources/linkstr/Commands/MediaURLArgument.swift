import LinkstrEngine

/// The URL argument of the media commands: validated and normalised like a post's URL (`WebURL`);
/// anything else is bad input (exit 2) with the reason.
enum MediaURLArgument {
    static func validate(_ text: String) throws(CLIFailure) -> String {
        do {
            return try WebURL.normalize(text)
        } catch {
            throw CLIFailure(.usage, error.reason)
        }
    }
}
