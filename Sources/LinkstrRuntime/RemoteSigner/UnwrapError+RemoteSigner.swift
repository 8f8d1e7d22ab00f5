import NostrCore

extension UnwrapError {
    /// Why the remote signer could not open this wrap when the fault is the signer's, not the
    /// wrap's (no answer, unreachable, no NIP-44): such a wrap is kept for the next sync.
    var remoteSignerFailure: RemoteSignerError? {
        switch self {
        case .wrapDecryptionFailed(let error as RemoteSignerError), .sealDecryptionFailed(let error as RemoteSignerError):
            switch error {
            case .timeout, .rateLimited, .unreachable, .closed, .lacksNIP44: return error
            case .refused, .unexpectedAnswer, .noSignerConnected, .wrongSecret: return nil
            }
        default:
            return nil
        }
    }
}
