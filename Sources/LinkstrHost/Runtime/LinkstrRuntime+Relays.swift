import LinkstrEngine
import LinkstrPluginKit
import NostrCore
import PluginABI

extension LinkstrRuntime {
    /// The relay pool over the enabled relays, created on first use. The account's signer is offered
    /// to the transport for NIP-42 AUTH.
    func connect() throws(RuntimeError) -> RelayPool {
        if let pool { return pool }
        let enabled: [RelayEntry]
        do {
            enabled = try relays.enabled()
        } catch {
            throw RuntimeError(storage: error)
        }
        guard !enabled.isEmpty else {
            throw RuntimeError(.failed, "no relays are enabled; add one with `linkstr relay add wss://…` or enable one with `linkstr relay enable URL`.")
        }
        let transport: Capability<lkh_transport_v1>
        do {
            transport = try host.provider(of: CapabilityID.transport, as: lkh_transport_v1.self)
        } catch {
            throw RuntimeError(.failed, "no transport: \(error)")
        }
        host.signerService.setSigner(signer)
        do {
            let created = try RelayPool(transport: transport)
            try created.setRelays(enabled.map { RelayConfiguration(url: $0.url) })
            pool = created
            return created
        } catch {
            throw RuntimeError(.failed, "the transport '\(transport.pluginID)' refused the relay list: \(error)")
        }
    }

    /// Waits (at most `sendGate`) until a relay accepts writes (wire spec §9.5).
    func writablePool() async throws(RuntimeError) -> RelayPool {
        let pool = try connect()
        let deadline = ContinuousClock.now + Self.sendGate
        while true {
            let statuses = pool.statuses
            if statuses.values.contains(.connected) { return pool }
            if ContinuousClock.now >= deadline {
                if statuses.values.contains(.readOnly) {
                    throw RuntimeError(.failed, "connected relays are read-only; add a writable relay to send.")
                }
                let reasons = pool.relayStates().compactMap { state in state.error.map { "\(state.url): \($0)" } }
                throw RuntimeError(
                    .failed,
                    "couldn't reach a relay within \(Self.sendGate); try again"
                        + (reasons.isEmpty ? "." : " (\(reasons.joined(separator: "; "))).")
                )
            }
            do {
                try await Task.sleep(for: .milliseconds(50))
            } catch {
                throw RuntimeError(.failed, "cancelled while waiting for a relay.")
            }
        }
    }

    /// Publishes every event at once; succeeds only when each has at least one relay's OK (wire spec
    /// §9.6), else fails with the first refusal.
    func publishAll(_ events: [Event], on pool: RelayPool) async throws(RuntimeError) {
        let failures = await withTaskGroup(of: PublishError?.self) { group in
            for event in events {
                group.addTask { () async -> PublishError? in
                    do throws(PublishError) {
                        _ = try await pool.publish(event, timeout: Self.publishTimeout)
                        return nil
                    } catch {
                        return error
                    }
                }
            }
            var failures: [PublishError] = []
            for await failure in group { if let failure { failures.append(failure) } }
            return failures
        }
        guard let first = failures.first else { return }
        let what = events.count == 1 ? "the relays did not accept the event" : "\(failures.count) of \(events.count) events were not accepted"
        throw RuntimeError(.failed, "\(what): \(first.message)")
    }

    /// The relays' current states, remembered for `relay list` (a failure only costs that memory, so
    /// it is logged, not thrown).
    func recordRelayStatuses() {
        guard let pool else { return }
        do {
            try relays.recordStatuses(pool.relayStates())
        } catch {
            host.log.log(.warn, "cannot remember the relay statuses for `relay list`: \(error)")
        }
    }
}
