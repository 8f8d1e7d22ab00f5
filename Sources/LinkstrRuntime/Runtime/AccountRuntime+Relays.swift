import LinkstrEngine
import LinkstrHost
import NostrCore

extension AccountRuntime {
    /// The relay client over the enabled relays, created on first use. The account's signer is offered
    /// to the transport for NIP-42 AUTH.
    func connect() throws(LinkstrError) -> RelayClient {
        if let pool { return pool }
        let enabled: [RelayEntry]
        do {
            enabled = try relays.enabled()
        } catch {
            throw LinkstrError(storage: error)
        }
        guard !enabled.isEmpty else {
            throw LinkstrError(.failed, "no relays are enabled; add one with `linkstr relay add wss://…` or enable one with `linkstr relay enable URL`.")
        }
        do throws(RelayClientError) {
            let created = try host.relayClient(relays: enabled.map(\.url), authenticating: .account(signer))
            pool = created
            Outbox.listenForLateAnswers(created, in: self)
            return created
        } catch {
            switch error {
            case .noTransport(let error): throw LinkstrError(.failed, "no transport: \(error)")
            case let .refused(transport, error): throw LinkstrError(.failed, "the transport '\(transport)' refused the relay list: \(error)")
            }
        }
    }
}
