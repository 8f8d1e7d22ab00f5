import Glibc
import Synchronization

/// The handles given to C that are live, each tagged with its type. A handle freed twice, used after
/// its free, or passed as the wrong type is refused instead of followed — as long as its address was
/// not handed out again since (then it is the new handle: C cannot tell them apart).
enum LiveHandles {
    enum Kind: String, Sendable {
        case host = "linkstr_host"
        case runtime = "linkstr_runtime"
        case watch = "linkstr_watch"
        case signer = "linkstr_signer"
    }

    private static let live = Mutex<[UInt: Kind]>([:])

    /// Retains `object` and returns its handle, live until `release`.
    static func retain(_ object: AnyObject, as kind: Kind) -> OpaquePointer {
        let pointer = Unmanaged.passRetained(object).toOpaque()
        live.withLock { $0[UInt(bitPattern: pointer)] = kind }
        return OpaquePointer(pointer)
    }

    /// The object behind a live handle of `kind`, or nil (NULL, freed, or another type). The
    /// reference is taken inside the lock, so that a `*_free` on another thread cannot drop the
    /// object between the check and its use.
    static func object<Object: AnyObject>(_ handle: OpaquePointer?, as kind: Kind, _ type: Object.Type) -> Object? {
        guard let handle else { return nil }
        let object = Unmanaged<Object>.fromOpaque(UnsafeRawPointer(handle))
        let retained = live.withLock { live -> Bool in
            guard live[UInt(bitPattern: UnsafeRawPointer(handle))] == kind else { return false }
            _ = object.retain()
            return true
        }
        return retained ? object.takeRetainedValue() : nil
    }

    /// Ends a handle's life: the object, to close and then drop, or nil when the handle is not live
    /// (freed before, or another type), which is reported on stderr (a `*_free` function returns nothing).
    static func release<Object: AnyObject>(_ handle: OpaquePointer, as kind: Kind, _ type: Object.Type, by function: String) -> Object? {
        let removed = live.withLock { live -> Bool in
            let key = UInt(bitPattern: UnsafeRawPointer(handle))
            guard live[key] == kind else { return false }
            live[key] = nil
            return true
        }
        guard removed else {
            let line = Array("linkstr: \(function) was given a \(kind.rawValue) that is not live (freed already?); ignored\n".utf8)
            _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            return nil
        }
        return Unmanaged<Object>.fromOpaque(UnsafeRawPointer(handle)).takeRetainedValue()
    }
}
