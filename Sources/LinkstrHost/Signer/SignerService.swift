import LinkstrPluginKit
import NostrCore
import PluginABI
import Synchronization

/// The host's signer service (`LKH_SERVICE_SIGNER_V1`): plugins sign through it with the account's
/// key — the relay pool signs NIP-42 AUTH events — and the key itself never crosses the ABI.
///
/// Each plugin gets a table of its own (``table(for:kinds:)``) that signs only the event kinds it
/// was granted. The `lkh_signer_v1` functions receive only the `lkh_host` table of the calling
/// plugin, so the service finds the grant through that table: it asks the table's provider for
/// `LKH_SERVICE_SIGNER_V1`, which is the plugin's own signer table, and right after the table come
/// a pointer to the service and the grant. Any `HostServiceProvider` that offers such a table (the
/// host's `HostServices`, a test's `FakeHost`) therefore works.
///
/// Thread rule: thread-safe; the account may change at any time (`setSigner`). (`@unchecked`: a
/// table is written once when it is made and only read afterwards.)
public final class SignerService: @unchecked Sendable {
    private let signer: Mutex<(any Signer)?>
    /// The tables made so far, by plugin id (freed with the service).
    private let tables = Mutex<[String: GrantedTable]>([:])

    /// The table and, after it, an unretained pointer to its service and what it may sign.
    private struct TableWithGrant {
        var table: lkh_signer_v1
        var owner: UnsafeRawPointer
        var pluginID: String
        var kinds: Set<Int>
    }

    /// Owns one plugin's table. (`@unchecked`: written once when made, only read afterwards.)
    private final class GrantedTable: @unchecked Sendable {
        let storage = UnsafeMutablePointer<TableWithGrant>.allocate(capacity: 1)

        deinit {
            storage.deinitialize(count: 1)
            storage.deallocate()
        }
    }

    /// - Parameter signer: the account's signer, or nil while no account is loaded (`public_key`
    ///   then answers `LKH_E_UNAVAILABLE`).
    public init(signer: (any Signer)?) {
        self.signer = Mutex(signer)
    }

    /// The `lkh_signer_v1` table to offer `pluginID` as `LKH_SERVICE_SIGNER_V1`: it signs events of
    /// `kinds` only (the first grant for a plugin id stands). Valid while `self` is alive.
    public func table(for pluginID: String, kinds: Set<Int>) -> UnsafeRawPointer {
        let granted = tables.withLock { tables -> GrantedTable in
            if let existing = tables[pluginID] { return existing }
            let made = GrantedTable()
            let storage = made.storage
            storage.initialize(to: TableWithGrant(
                table: lkh_signer_v1(), owner: UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()), pluginID: pluginID,
                kinds: kinds))
            storage.pointee.table.struct_size = UInt32(MemoryLayout<lkh_signer_v1>.size)
            storage.pointee.table.public_key = { host, output, error in
                guard let (service, _) = SignerService.grant(behind: host) else { return SignerService.notOffered(error) }
                return service.writePublicKey(into: output, error: error)
            }
            storage.pointee.table.sign_event = { host, unsignedEvent, done, userData, error in
                guard let (service, grant) = SignerService.grant(behind: host) else { return SignerService.notOffered(error) }
                return service.sign(unsignedEvent, for: grant, done: done, userData: userData, error: error)
            }
            tables[pluginID] = made
            return made
        }
        return UnsafeRawPointer(granted.storage)
    }

    /// Changes the account (nil: no account loaded).
    public func setSigner(_ signer: (any Signer)?) {
        self.signer.withLock { $0 = signer }
    }

    // MARK: The functions behind the table

    private func writePublicKey(into output: UnsafeMutablePointer<CChar>?, error: UnsafeMutablePointer<lkh_error>?) -> lkh_status {
        guard let output else {
            LKHErrorSlot.write(error, .invalid, "public_key needs a 65-byte output buffer")
            return LKH_E_INVALID
        }
        guard let signer = signer.withLock({ $0 }) else {
            LKHErrorSlot.write(error, .unavailable, "no account is loaded; create or import one first")
            return LKH_E_UNAVAILABLE
        }
        _ = CStringBuffer.write(signer.publicKey.hex, into: output, capacity: 65)
        return LKH_OK
    }

    /// Signs synchronously and calls `done` before returning (the ABI allows it).
    private func sign(
        _ unsignedEvent: lkh_bytes, for grant: (pluginID: String, kinds: Set<Int>), done: lkh_done_fn?, userData: UnsafeMutableRawPointer?,
        error slot: UnsafeMutablePointer<lkh_error>?
    ) -> lkh_status {
        guard let done else {
            LKHErrorSlot.write(slot, .invalid, "sign_event needs a done function")
            return LKH_E_INVALID
        }
        guard let signer = signer.withLock({ $0 }) else {
            LKHErrorSlot.write(slot, .unavailable, "no account is loaded; create or import one first")
            return LKH_E_UNAVAILABLE
        }
        let bytes = unsignedEvent.data.map { Array(UnsafeBufferPointer(start: $0, count: unsignedEvent.len)) } ?? []
        let template: EventTemplate
        do {
            template = try EventTemplate(json: bytes)
        } catch {
            LKHErrorSlot.write(slot, .invalid, "sign_event: \(error)")
            return LKH_E_INVALID
        }
        guard grant.kinds.contains(template.kind) else {
            let declared = grant.kinds.sorted().map(String.init).joined(separator: ", ")
            LKHErrorSlot.write(
                slot, .permission,
                "sign_event: plugin '\(grant.pluginID)' may sign only the event kinds it declares (signer_kinds: \(declared)), not kind \(template.kind)")
            return LKH_E_PERMISSION
        }
        let signed: Event
        do {
            signed = try signer.sign(
                UnsignedEvent(
                    pubkey: signer.publicKey, createdAt: template.createdAt, kind: template.kind, tags: template.tags,
                    content: template.content))
        } catch {
            var slot = LKHErrorSlot.make()
            LKHErrorSlot.write(&slot, .internal, "the signer failed: \(error)")
            done(userData, LKH_E_INTERNAL, &slot, OwnedBytes.empty)
            return LKH_OK
        }
        done(userData, LKH_OK, nil, OwnedBytes.make(signed.jsonBytes()))
        return LKH_OK
    }

    private static func grant(behind host: UnsafePointer<lkh_host>?) -> (SignerService, (pluginID: String, kinds: Set<Int>))? {
        guard let provider = HostServicesTable.provider(of: host),
            let offered = provider.service(LKH_SERVICE_SIGNER_V1)
        else { return nil }
        let table = offered.assumingMemoryBound(to: TableWithGrant.self).pointee
        return (Unmanaged<SignerService>.fromOpaque(table.owner).takeUnretainedValue(), (table.pluginID, table.kinds))
    }

    private static func notOffered(_ error: UnsafeMutablePointer<lkh_error>?) -> lkh_status {
        LKHErrorSlot.write(error, .unavailable, "this host does not offer the signer service to this plugin")
        return LKH_E_UNAVAILABLE
    }
}
