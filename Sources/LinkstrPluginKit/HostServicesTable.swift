import Glibc
import PluginABI

/// An `lkh_host` table whose functions dispatch to a `HostServiceProvider`.
///
/// The table is what a plugin instance receives in `create`. It must outlive the instance: keep the
/// `HostServicesTable` alive until `destroy` has returned, then drop it.
public final class HostServicesTable: @unchecked Sendable {
    /// The table to pass to `create`. Valid while `self` is alive.
    public let pointer: UnsafePointer<lkh_host>
    private let provider: any HostServiceProvider
    private let storage: UnsafeMutablePointer<lkh_host>

    public init(provider: any HostServiceProvider) {
        self.provider = provider
        storage = .allocate(capacity: 1)
        storage.initialize(to: lkh_host())
        pointer = UnsafePointer(storage)
        storage.pointee.struct_size = UInt32(MemoryLayout<lkh_host>.size)
        storage.pointee.abi_major = LKH_ABI_MAJOR
        storage.pointee.abi_minor = LKH_ABI_MINOR
        storage.pointee.host_ctx = Unmanaged.passUnretained(self).toOpaque()
        storage.pointee.log = { host, level, message in
            guard let provider = HostServicesTable.provider(of: host), let message else { return }
            provider.log(level: PluginHost.LogLevel(rawValue: level) ?? .error, message: String(cString: message))
        }
        storage.pointee.config_get = { host, key, buffer, capacity in
            guard let provider = HostServicesTable.provider(of: host), let key,
                let value = provider.configValue(for: String(cString: key))
            else { return 0 }
            return CStringBuffer.write(value, into: buffer, capacity: capacity)
        }
        storage.pointee.monotonic_ns = { host in
            HostServicesTable.provider(of: host)?.monotonicNanoseconds() ?? 0
        }
        storage.pointee.wall_clock_ns = { host in
            HostServicesTable.provider(of: host)?.wallClockNanoseconds() ?? 0
        }
        storage.pointee.random_bytes = { _, buffer, length in
            guard length > 0 else { return LKH_OK }
            guard let buffer else { return LKH_E_INVALID }
            arc4random_buf(buffer, length)  // glibc ≥ 2.36: a CSPRNG over getrandom(2)
            return LKH_OK
        }
        storage.pointee.emit_event = { host, eventID, payload in
            guard let provider = HostServicesTable.provider(of: host), let eventID else { return }
            let bytes = payload.data.map { Array(UnsafeBufferPointer(start: $0, count: payload.len)) } ?? []
            provider.emit(eventID: String(cString: eventID), payload: bytes)
        }
        storage.pointee.post = { host, function, userData in
            guard let provider = HostServicesTable.provider(of: host), let function else { return }
            let job = UncheckedJob(function: function, userData: userData)
            provider.post { job.run() }
        }
        storage.pointee.get_service = { host, serviceID in
            guard let provider = HostServicesTable.provider(of: host), let serviceID else { return nil }
            return provider.service(String(cString: serviceID))
        }
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// The provider behind a table this class made.
    public static func provider(of host: UnsafePointer<lkh_host>?) -> (any HostServiceProvider)? {
        guard let context = host?.pointee.host_ctx else { return nil }
        return Unmanaged<HostServicesTable>.fromOpaque(context).takeUnretainedValue().provider
    }
}

/// A C callback and its `user_data`, carried to another thread. The ABI makes the plugin responsible
/// for `user_data` being usable there (`post` runs `fn` on the host's executor).
private struct UncheckedJob: @unchecked Sendable {
    let function: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let userData: UnsafeMutableRawPointer?

    func run() { function(userData) }
}
