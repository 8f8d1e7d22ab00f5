import LinkstrPluginKit
import NostrCore
import PluginABI
import Synchronization

/// The host's signer service (`LKH_SERVICE_SIGNER_V1`): plugins sign through it with the account's
/// key — the relay pool signs NIP-42 AUTH events — and the key itself never crosses the ABI.
///
/// The `lkh_signer_v1` functions receive only the `lkh_host` table of the calling plugin, so the
/// service finds itself through that table: it asks the table's provider for
/// `LKH_SERVICE_SIGNER_V1`, which is this service's own table, and the service keeps a pointer to
/// itself right after the table (see ``table``). Any `HostServiceProvider` that offers ``table``
/// (the host's `HostServices`, a test's `FakeHost`) therefore works.
///
/// Thread rule: thread-safe; the account may change at any time (`setSigner`). (`@unchecked`: the
/// table is written once in `init` and only read afterwards.)
public final class SignerService: @unchecked Sendable {
    private let signer: Mutex<(any Signer)?>
    private let storage: UnsafeMutablePointer<TableWithOwner>

    /// The table and, after it, an unretained pointer to its service.
    private struct TableWithOwner {
        var table: lkh_signer_v1
        var owner: UnsafeRawPointer?
    }

    /// - Parameter signer: the account's signer, or nil while no account is loaded (`public_key`
    ///   then answers `LKH_E_UNAVAILABLE`).
    public init(signer: (any Signer)?) {
        self.signer = Mutex(signer)
        storage = .allocate(capacity: 1)
        storage.initialize(to: TableWithOwner(table: lkh_signer_v1(), owner: nil))
        storage.pointee.owner = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
        storage.pointee.table.struct_size = UInt32(MemoryLayout<lkh_signer_v1>.size)
        storage.pointee.table.public_key = { host, output, error in
            guard let service = SignerService.service(behind: host) else { return SignerService.notOffered(error) }
            return service.writePublicKey(into: output, error: error)
        }
        storage.pointee.table.sign_event = { host, unsignedEvent, done, userData, error in
            guard let service = SignerService.service(behind: host) else { return SignerService.notOffered(error) }
            return service.sign(unsignedEvent, done: done, userData: userData, error: error)
        }
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// The `lkh_signer_v1` table to offer as `LKH_SERVICE_SIGNER_V1`; valid while `self` is alive.
    public var table: UnsafeRawPointer { UnsafeRawPointer(storage) }

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
        _ unsignedEvent: lkh_bytes, done: lkh_done_fn?, userData: UnsafeMutableRawPointer?, error slot: UnsafeMutablePointer<lkh_error>?
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

    private static func service(behind host: UnsafePointer<lkh_host>?) -> SignerService? {
        guard let provider = HostServicesTable.provider(of: host),
            let offered = provider.service(LKH_SERVICE_SIGNER_V1)
        else { return nil }
        guard let owner = offered.assumingMemoryBound(to: TableWithOwner.self).pointee.owner else { return nil }
        return Unmanaged<SignerService>.fromOpaque(owner).takeUnretainedValue()
    }

    private static func notOffered(_ error: UnsafeMutablePointer<lkh_error>?) -> lkh_status {
        LKHErrorSlot.write(error, .unavailable, "this host does not offer the signer service to this plugin")
        return LKH_E_UNAVAILABLE
    }
}
