import LinkstrPluginKit

extension RelayConnection {
    /// Stores the relay's latest challenge. A new challenge allows a new AUTH on this connection.
    func receivedChallenge(_ challenge: String) {
        state.withLock { state in
            state.authentication.challenge = challenge
            switch state.authentication.phase {
            case .sent, .failed: state.authentication.phase = .idle
            case .idle, .signing: break
            }
        }
    }

    /// Retries `retry` after NIP-42 AUTH: at once when AUTH was already sent on this connection,
    /// after the signature when one is being made, or after starting one.
    func requestAuthentication(_ retry: AuthRetry) {
        enum Next {
            case retryNow
            case wait
            case sign(challenge: String, connection: Int)
            case fail(String)
        }
        let next = state.withLock { state -> Next in
            switch state.authentication.phase {
            case .sent:
                return .retryNow
            case .signing:
                state.authentication.waiters.append(retry)
                return .wait
            case .failed(let reason):
                return .fail(reason)
            case .idle:
                guard let challenge = state.authentication.challenge else {
                    return .fail("the relay asked for NIP-42 authentication but sent no AUTH challenge")
                }
                state.authentication.phase = .signing(challenge: challenge)
                state.authentication.waiters = [retry]
                return .sign(challenge: challenge, connection: state.connection)
            }
        }
        switch next {
        case .retryNow:
            perform([retry])
        case .wait:
            break
        case .sign(let challenge, let connection):
            Task { await self.authenticate(challenge: challenge, connection: connection) }
        case .fail(let reason):
            fail([retry], reason: reason)
        }
    }

    /// The relay's OK for our AUTH event. Relays that answer AUTH at all (nostr-relay does not) say
    /// here whether it worked; a refusal makes later `auth-required:` answers final.
    func authenticationAnswered(accepted: Bool, message: String) {
        if accepted {
            bridge.log(.info, "\(url): NIP-42 authentication accepted")
            return
        }
        state.withLock { $0.authentication.phase = .failed(reason: "the relay refused AUTH: \(message)") }
        bridge.log(.warn, "\(url): the relay refused NIP-42 AUTH: \(message)")
    }

    /// Signs the kind-22242 event through the host's signer, sends AUTH and then every waiting retry.
    private func authenticate(challenge: String, connection: Int) async {
        let outcome: Result<EventSummary, AuthenticationFailure>
        do {
            outcome = .success(try await AuthEventSigner(bridge: bridge).sign(relay: url, challenge: challenge))
        } catch {
            outcome = .failure(error)
        }
        let frames = pool.requestFrames()
        enum After {
            case stale
            case retry([AuthRetry])
            case signAgain(String)
            case fail([AuthRetry], String)
        }
        let after = state.withLock { state -> After in
            guard state.connection == connection, state.isConnected, state.authentication.phase == .signing(challenge: challenge) else {
                return .stale
            }
            let waiters = state.authentication.waiters
            switch outcome {
            case .failure(let failure):
                state.authentication.phase = .failed(reason: failure.reason)
                state.authentication.waiters = []
                return .fail(waiters, failure.reason)
            case .success(let signed):
                if let newer = state.authentication.challenge, newer != challenge {
                    state.authentication.phase = .signing(challenge: newer)
                    return .signAgain(newer)
                }
                state.authentication.phase = .sent(challenge: challenge, eventID: signed.id)
                state.authentication.waiters = []
                _ = state.send(ClientFrame.auth(signed.json))
                return .retry(waiters)
            }
        }
        switch after {
        case .stale:
            break
        case .retry(let waiters):
            bridge.log(.info, "\(url): sent NIP-42 AUTH; retrying \(waiters.count) request(s)")
            perform(waiters, requestFrames: frames)
        case .signAgain(let newer):
            await authenticate(challenge: newer, connection: connection)
        case .fail(let waiters, let reason):
            bridge.log(.warn, "\(url): NIP-42 authentication failed: \(reason)")
            fail(waiters, reason: reason)
        }
    }

    /// Sends the retries on the open connection (they follow the AUTH frame in order).
    private func perform(_ retries: [AuthRetry], requestFrames: [String: String]? = nil) {
        let frames = requestFrames ?? pool.requestFrames()
        state.withLock { state in
            for retry in retries {
                switch retry {
                case .publish(let operationID, _):
                    if let operation = state.publishes[operationID], operation.target(on: url) == .authenticating {
                        state.sendEvent(of: operation, on: url)
                    }
                case .subscription(let id, _):
                    if state.isReadable, let frame = frames[id] { _ = state.send(frame) }
                }
            }
        }
    }

    /// Ends the retries with the relay's refusal and why AUTH did not help.
    private func fail(_ retries: [AuthRetry], reason: String) {
        for retry in retries {
            switch retry {
            case .publish(let operationID, let refusal):
                if let operation = state.withLock({ $0.publishes[operationID] }) {
                    refuse(operation, "\(refusal) (NIP-42 AUTH not possible: \(reason))")
                }
            case .subscription(let id, let refusal):
                if pool.isSubscribed(id, on: self) {
                    bridge.closed(relay: url, subscriptionID: id, message: "\(refusal) (NIP-42 AUTH not possible: \(reason))")
                }
            }
        }
    }
}
