/// Why a plugin's unsigned event could not be signed.
struct EventTemplateError: Error, CustomStringConvertible {
    var reason: String

    var description: String { reason }
}
