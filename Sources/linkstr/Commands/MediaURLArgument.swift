import LinkstrHost

/// The URL argument of the media commands: validated and normalised like a post's URL (spec §6);
/// anything else is bad input (exit 2) with the reason.
enum MediaURLArgument {
    static func validate(_ text: String) throws(CLIFailure) -> String {
        guard let url = LinkURL.normalize(text) else {
            throw CLIFailure(.usage, LinkURL.problem(with: text) ?? "'\(text)' is not an http or https URL")
        }
        return url
    }
}
