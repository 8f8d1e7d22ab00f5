import CLinkstr
import Foundation
import LinkstrRuntime
import PluginABI

// The remote signer calls of linkstr.h: connect the home's account to a signer from its bunker://
// link, and disconnect it.

@c(linkstr_account_connect)
public func linkstr_account_connect(
    _ handle: OpaquePointer?, _ bunkerLink: UnsafePointer<CChar>?, _ name: UnsafePointer<CChar>?, _ keyStore: UnsafePointer<CChar>?,
    _ timeoutSeconds: UInt32, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    RuntimeCall.record(outJSON, errorSlot) { () throws(EmbeddedFailure) in
        let runtime = try EmbeddedRuntime.from(handle)
        let text = try RuntimeCall.text(bunkerLink, "bunker_link")
        let link: BunkerLink
        do throws(BunkerLinkError) {
            link = try BunkerLink(parsing: text)
        } catch {
            throw EmbeddedFailure(.invalid, error.description)
        }
        guard !link.relays.isEmpty else { throw EmbeddedFailure(BunkerLink.namesNoRelay(howToGive: "add ?relay=wss://… to it")) }
        let choice: KeyStoreKind?
        do throws(LinkstrError) {
            choice = try RuntimeCall.optionalText(keyStore).map { name throws(LinkstrError) in try KeyStoreKind(choice: name) }
        } catch {
            throw EmbeddedFailure(error)
        }
        try runtime.closeAccount()
        let answerTimeout = timeoutSeconds == 0 ? nil : Int(timeoutSeconds)
        let name = RuntimeCall.optionalText(name)
        let configuration = runtime.configuration
        let outcome = BlockingCall.wait { () async -> Result<RemoteSignerConnection, EmbeddedFailure> in
            do throws(EmbeddedFailure) {
                return .success(try await connect(link, configuration: configuration, answerTimeout: answerTimeout, name: name, keyStore: choice))
            } catch {
                return .failure(error)
            }
        }
        let connection = try outcome.get()
        return JSONRecords.RemoteIdentity(
            connection.account, key: connection.user, signer: link.signer, relays: link.relays, reconnected: connection.reconnected)
    }
}

@c(linkstr_account_disconnect)
public func linkstr_account_disconnect(
    _ handle: OpaquePointer?, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    RuntimeCall.record(outJSON, errorSlot) { () throws(EmbeddedFailure) in
        let runtime = try EmbeddedRuntime.from(handle)
        try runtime.closeAccount()
        _ = try runtime.accountFiles { accounts throws(LinkstrError) in try RemoteSignerAccount.disconnect(in: accounts) }
        return JSONRecords.ok
    }
}

/// Connects to the signer of `link` on an app of its own and keeps the account, as `linkstr account connect --yes`.
private func connect(
    _ link: BunkerLink, configuration: RuntimeConfiguration, answerTimeout: Int?, name: String?, keyStore: KeyStoreKind?
) async throws(EmbeddedFailure) -> RemoteSignerConnection {
    let app = LinkstrApp(configuration)
    let connection: Result<RemoteSignerConnection, EmbeddedFailure>
    do {
        connection = .success(
            try await RemoteSignerAccount.connect(link, answerTimeout: answerTimeout, name: name, keyStore: { keyStore ?? $0.defaultKeyStore() }, in: app) {
                current, signer throws(LinkstrError) in
                // A program cannot ask the person: a new signer for an existing account is refused.
                throw LinkstrError(.badInput,
                    "the link's signer \(signer.npub) would replace this account's signer \(current.signer); "
                        + "confirm that with `linkstr account connect` on a terminal, or log the account out first")
            })
    } catch let error as LinkstrError {
        connection = .failure(EmbeddedFailure(error))
    } catch {
        connection = .failure(EmbeddedFailure(.unavailable, "\(error)"))
    }
    await app.close()
    return try connection.get()
}
