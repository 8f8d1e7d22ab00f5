/// Why NIP-42 AUTH could not be done: no signer service, no account, or the signer failed.
struct AuthenticationFailure: Error, Equatable {
    var reason: String
}
