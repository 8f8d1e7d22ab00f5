/// A JSON reading failure at a byte offset; wrapped into the public parse errors.
struct JSONSyntaxError: Error {
    let reason: String
    let offset: Int
}
