/// A `[browser]` rule that is not `"<origin>:<method>"` or `"<origin>:signEvent:<kind>"`.
public struct BrowserRuleError: Error, Equatable, Sendable, CustomStringConvertible {
    public let rule: String

    public init(rule: String) {
        self.rule = rule
    }

    public var description: String {
        let methods = BrowserMethod.allCases.map(\.rawValue).joined(separator: ", ")
        return "'\(rule)' is not a browser rule; write \"<origin>:<method>\" or \"<origin>:signEvent:<kind>\", "
            + "such as \"https://example.org:signEvent:1\" (methods: \(methods) or *); an origin is https, or http on localhost, 127.0.0.1 or ::1"
    }
}
