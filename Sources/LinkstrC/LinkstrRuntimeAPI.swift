import CLinkstr
import Foundation
import LinkstrRuntime
import PluginABI

// The runtime handle of linkstr.h and the account calls: open (with the API version check), free,
// the JSON strings' free, and create / import / identity.

@c(linkstr_runtime_open)
public func linkstr_runtime_open(
    _ options: UnsafePointer<linkstr_runtime_options>?, _ outRuntime: UnsafeMutablePointer<OpaquePointer?>?,
    _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    guard let outRuntime else { return EmbeddedFailure.null("out_runtime").report(errorSlot) }
    outRuntime.pointee = nil
    do throws(EmbeddedFailure) {
        let runtime = try EmbeddedRuntime(try RuntimeOptions.configuration(options))
        outRuntime.pointee = LiveHandles.retain(runtime, as: .runtime)
        return LKH_OK
    } catch {
        return error.report(errorSlot)
    }
}

@c(linkstr_runtime_free)
public func linkstr_runtime_free(
    _ handle: OpaquePointer?) {
    guard let handle, let runtime = LiveHandles.release(handle, as: .runtime, EmbeddedRuntime.self, by: "linkstr_runtime_free") else { return }
    runtime.close()
}

@c(linkstr_string_free)
public func linkstr_string_free(_ json: UnsafeMutablePointer<CChar>?) {
    free(json)
}

@c(linkstr_account_create)
public func linkstr_account_create(
    _ handle: OpaquePointer?,
    _ name: UnsafePointer<CChar>?, _ keyStore: UnsafePointer<CChar>?, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    RuntimeCall.record(outJSON, errorSlot) { () throws(EmbeddedFailure) in
        try saveAccount(try EmbeddedRuntime.from(handle), SecretKey.generate(), name: name, keyStore: keyStore)
    }
}

@c(linkstr_account_import)
public func linkstr_account_import(
    _ handle: OpaquePointer?, _ nsec: UnsafePointer<CChar>?, _ name: UnsafePointer<CChar>?, _ keyStore: UnsafePointer<CChar>?,
    _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    RuntimeCall.record(outJSON, errorSlot) { () throws(EmbeddedFailure) in
        let runtime = try EmbeddedRuntime.from(handle)
        let nsec = try RuntimeCall.text(nsec, "nsec")
        let key: SecretKey
        do throws(LinkstrError) {
            key = try SecretKey.importing(nsec)
        } catch {
            throw EmbeddedFailure(error)
        }
        return try saveAccount(runtime, key, name: name, keyStore: keyStore)
    }
}

@c(linkstr_account_identity)
public func linkstr_account_identity(
    _ handle: OpaquePointer?, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    RuntimeCall.record(outJSON, errorSlot) { () throws(EmbeddedFailure) in
        try identity(try EmbeddedRuntime.from(handle).accountFiles { accounts throws(LinkstrError) in try accounts.require() })
    }
}

/// Stores `key` as the account of the runtime's home, in the key store named by `keyStore` (NULL: the default).
private func saveAccount(
    _ runtime: EmbeddedRuntime, _ key: SecretKey, name: UnsafePointer<CChar>?, keyStore: UnsafePointer<CChar>?
) throws(EmbeddedFailure) -> JSONRecords.Identity {
    let choice: KeyStoreKind?
    do throws(LinkstrError) {
        choice = try RuntimeCall.optionalText(keyStore).map { name throws(LinkstrError) in try KeyStoreKind(choice: name) }
    } catch {
        throw EmbeddedFailure(error)
    }
    let name = RuntimeCall.optionalText(name)
    let account = try runtime.accountFiles { accounts throws(LinkstrError) in
        try accounts.save(key, name: name, keyStore: choice ?? accounts.defaultKeyStore(), now: Int64(Date().timeIntervalSince1970))
    }
    return try identity(account)
}

private func identity(_ account: AccountFile) throws(EmbeddedFailure) -> JSONRecords.Identity {
    guard let key = try? PublicKey(hex: account.pubkey) else { throw EmbeddedFailure(.unavailable, "the account file holds an invalid key") }
    return JSONRecords.Identity(account, key: key)
}
