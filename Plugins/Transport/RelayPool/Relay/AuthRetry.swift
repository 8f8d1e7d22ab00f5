/// Something that waits for NIP-42 AUTH on one relay and is retried once AUTH has been sent.
enum AuthRetry: Sendable, Equatable {
    /// A publish the relay refused with `auth-required:` (or `restricted:` before any AUTH).
    case publish(operationID: UInt64, refusal: String)
    /// A subscription the relay closed with `auth-required:`.
    case subscription(id: String, refusal: String)
}
