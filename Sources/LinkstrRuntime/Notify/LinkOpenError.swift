/// Why a link could not be handed to the program that opens links.
public enum LinkOpenError: Error, CustomStringConvertible, Sendable {
    /// Only http and https links are opened (the link came from someone else).
    case notAWebLink(String)
    /// The program is not installed (not an executable path, not on `PATH`).
    case programMissing(program: String, link: String)
    case cannotStart(program: String, link: String, reason: String)

    public var description: String {
        switch self {
        case .notAWebLink(let link): "not opening '\(link)': only http and https links are opened"
        case .programMissing(let program, let link): "cannot open \(link): \(program) is not installed"
        case .cannotStart(let program, let link, let reason): "cannot start \(program) to open \(link): \(reason)"
        }
    }
}
