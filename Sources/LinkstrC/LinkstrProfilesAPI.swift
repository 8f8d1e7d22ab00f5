import CLinkstr
import LinkstrRuntime
import PluginABI

// The profiles of linkstr.h: list, switch and whoami — public metadata only, no key needed.

@c(linkstr_profiles_list)
public func linkstr_profiles_list(
    _ handle: OpaquePointer?, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    RuntimeCall.record(outJSON, errorSlot) { () throws(EmbeddedFailure) in
        try EmbeddedRuntime.from(handle).accountFiles { accounts throws(LinkstrError) in try accounts.profileList() }.profiles.map(JSONRecords.ProfileRow.init)
    }
}

@c(linkstr_profile_use)
public func linkstr_profile_use(
    _ handle: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    RuntimeCall.record(outJSON, errorSlot) { () throws(EmbeddedFailure) in
        JSONRecords.ProfileRow(try EmbeddedRuntime.from(handle).useProfile(try RuntimeCall.text(name, "name")))
    }
}

@c(linkstr_whoami)
public func linkstr_whoami(
    _ handle: OpaquePointer?, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    RuntimeCall.record(outJSON, errorSlot) { () throws(EmbeddedFailure) in
        let (profile, locked, autoLockedAt) = try EmbeddedRuntime.from(handle).accountFiles { accounts throws(LinkstrError) in
            let profile = try accounts.requireProfile()
            let locked = accounts.isLocked(profile)
            return (profile, locked, locked ? accounts.autoLockedAt() : nil)
        }
        return JSONRecords.Whoami(profile, locked: locked, autoLockedAt: autoLockedAt)
    }
}
