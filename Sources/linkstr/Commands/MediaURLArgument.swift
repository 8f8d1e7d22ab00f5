import LinkstrRuntime

/// The URL argument of the media commands: validated and normalised like a post's URL; anything else
/// is bad input (exit 2) with the reason.
enum MediaURLArgument {
    static func validate(_ text: String) throws(CLIFailure) -> String {
        do {
            return try MediaRuntime.link(text)
        } catch {
            throw error.failure
        }
    }
}
