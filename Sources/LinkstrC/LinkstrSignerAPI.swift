import CLinkstr
import Foundation
import LinkstrPluginKit
import LinkstrRuntime
import PluginABI

// linkstr as a bunker: serve other Nostr clients with the account's key until stopped, as
// `linkstr signer serve --json`.

@c(linkstr_signer_serve)
public func linkstr_signer_serve(
    _ handle: OpaquePointer?, _ options: UnsafePointer<linkstr_signer_options>?, _ callback: linkstr_signer_fn?,
    _ userData: UnsafeMutableRawPointer?, _ outSigner: UnsafeMutablePointer<OpaquePointer?>?, _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    CallbackTask.handOut(outSigner, "out_signer", as: .signer, errorSlot) { () throws(EmbeddedFailure) in
        guard let callback else { throw EmbeddedFailure.null("callback") }
        let (relays, allow) = try signerOptions(options)
        return try EmbeddedRuntime.from(handle).startSigner(JSONCallback(function: callback, userData: userData), relays: relays, allow: allow)
    }
}

@c(linkstr_signer_stop)
public func linkstr_signer_stop(_ handle: OpaquePointer?) {
    CallbackTask.stop(handle, as: .signer, by: "linkstr_signer_stop")
}

/// The relays and the rule of `linkstr_signer_options` (NULL: those of `[signer]`), once its size is
/// known to hold them; nil for each one not given.
private func signerOptions(_ options: UnsafePointer<linkstr_signer_options>?) throws(EmbeddedFailure) -> ([String]?, [BunkerPermission]?) {
    guard let options else { return (nil, nil) }
    let size = UnsafeRawPointer(options).load(as: UInt32.self)
    guard StructSize.contains(size, \linkstr_signer_options.allow) else {
        throw EmbeddedFailure(
            .invalid,
            "linkstr_signer_options.struct_size is \(size), too small to hold relays and allow; set it to sizeof(linkstr_signer_options), or use LINKSTR_SIGNER_OPTIONS_INIT")
    }
    return (try listenRelays(RuntimeCall.optionalText(options.pointee.relays)), try rule(RuntimeCall.optionalText(options.pointee.allow)))
}

/// `relays`: a JSON array or a comma-separated list of relay URLs, each normalized; nil when empty.
private func listenRelays(_ text: String?) throws(EmbeddedFailure) -> [String]? {
    guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
    let given =
        text.hasPrefix("[")
        ? try RuntimeCall.strings(text, "linkstr_signer_options.relays", "relay URLs")
        : text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    do throws(LinkstrError) {
        let relays = try BunkerOptions.listenRelays(given, option: "linkstr_signer_options.relays:")
        return relays.isEmpty ? nil : relays
    } catch {
        throw EmbeddedFailure(error)
    }
}

/// `allow`: comma-separated permissions; nil when it names none.
private func rule(_ text: String?) throws(EmbeddedFailure) -> [BunkerPermission]? {
    do throws(LinkstrError) {
        let permissions = try BunkerOptions.grants(text ?? "", option: "linkstr_signer_options.allow:")
        return permissions.isEmpty ? nil : permissions
    } catch {
        throw EmbeddedFailure(error)
    }
}
