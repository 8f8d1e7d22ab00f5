/// The body of a notification for a server that reads markup (capability "body-markup"): text from
/// other people must show as text, never as `<a>`, `<img>` or `<b>`.
enum BodyMarkup {
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
