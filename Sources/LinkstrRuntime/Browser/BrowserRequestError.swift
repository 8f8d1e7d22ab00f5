/// Why a request from a web page was not answered: one sentence the page (and the person reading
/// its console) can act on; it goes back as the reply's `error`.
public struct BrowserRequestError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
