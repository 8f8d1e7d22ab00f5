import CLinkstr
import Foundation
import LinkstrRuntime
import PluginABI

// The lock of linkstr.h: unlock the home's keys for the login session, lock them again.

@c(linkstr_unlock)
public func linkstr_unlock(
    _ handle: OpaquePointer?, _ passphrase: UnsafePointer<CChar>?, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    RuntimeCall.record(outJSON, errorSlot) { () throws(EmbeddedFailure) in
        let runtime = try EmbeddedRuntime.from(handle)
        let text = try RuntimeCall.text(passphrase, "passphrase")
        let configuration = runtime.configuration
        let program = UnlockAgentProgram.beside(libraryDirectory: configuration.libraryDirectory, environment: configuration.environment)
        let unlocked = try runtime.unlock(passphrase: text, agentProgram: program)
        return JSONRecords.Unlocked(unlocked.profiles, until: unlocked.until)
    }
}

@c(linkstr_lock)
public func linkstr_lock(
    _ handle: OpaquePointer?, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    RuntimeCall.record(outJSON, errorSlot) { () throws(EmbeddedFailure) in
        let runtime = try EmbeddedRuntime.from(handle)
        // The agent first, so that no process gets the key from it any more; then what holds the
        // key here: the watch, the bunker and the account this runtime opened.
        try runtime.accountFiles { accounts throws(LinkstrError) in try accounts.lockProfiles() }
        runtime.dropAccount()
        return ["locked": true]
    }
}
