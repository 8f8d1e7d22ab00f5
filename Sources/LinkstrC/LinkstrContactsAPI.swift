import CLinkstr
import LinkstrRuntime
import PluginABI

// Contacts: the follow list (published on add and remove) and the local aliases.

@c(linkstr_contacts_list)
public func linkstr_contacts_list(
    _ handle: OpaquePointer?, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    RuntimeCall.record(outJSON, errorSlot) { () throws(EmbeddedFailure) in
        try EmbeddedRuntime.from(handle).run { runtime throws(LinkstrError) in try await Contacts.contacts(in: runtime) }.map(JSONRecords.ContactRow.init)
    }
}

@c(linkstr_contact_add)
public func linkstr_contact_add(
    _ handle: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ alias: UnsafePointer<CChar>?,
    _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    RuntimeCall.record(outJSON, errorSlot) { () throws(EmbeddedFailure) in
        let (key, alias) = (try RuntimeCall.text(key, "key"), RuntimeCall.optionalText(alias))
        let contact = try EmbeddedRuntime.from(handle).run { runtime throws(LinkstrError) in
            try await Contacts.addContact(try await Contacts.resolvePerson(key, in: runtime), alias: alias, in: runtime)
        }
        return JSONRecords.ContactRow(contact)
    }
}

@c(linkstr_contact_remove)
public func linkstr_contact_remove(
    _ handle: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    RuntimeCall.record(outJSON, errorSlot) { () throws(EmbeddedFailure) in
        let key = try RuntimeCall.text(key, "key")
        try EmbeddedRuntime.from(handle).run { runtime throws(LinkstrError) in
            try await Contacts.removeContact(try await Contacts.resolvePerson(key, in: runtime), in: runtime)
        }
        return JSONRecords.ok
    }
}

@c(linkstr_contact_alias)
public func linkstr_contact_alias(
    _ handle: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ alias: UnsafePointer<CChar>?,
    _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    RuntimeCall.record(outJSON, errorSlot) { () throws(EmbeddedFailure) in
        let (key, alias) = (try RuntimeCall.text(key, "key"), try RuntimeCall.text(alias, "alias"))
        try EmbeddedRuntime.from(handle).run { runtime throws(LinkstrError) in
            try await Contacts.setAlias(alias, for: try await Contacts.resolvePerson(key, in: runtime), in: runtime)
        }
        return JSONRecords.ok
    }
}
