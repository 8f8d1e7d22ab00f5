/// How the notification is put into the POST.
enum HTTPFormat: Sendable {
    /// The notification as a JSON object (any webhook).
    case json
    /// ntfy's header form: the body text as the message, title and click target in headers.
    case ntfy

    init?(name: String) {
        switch name.lowercased() {
        case "json": self = .json
        case "ntfy": self = .ntfy
        default: return nil
        }
    }
}
