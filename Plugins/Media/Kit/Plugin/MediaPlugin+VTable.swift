import LinkstrPluginKit
import PluginABI

extension MediaPlugin {
    /// The `lkh_media_provider_v1` vtable: C entry points that find the instance and forward. None of
    /// them lets a Swift error or trap cross the boundary: bad arguments become `LKH_E_INVALID`.
    /// `resolves`: fill the ABI 1.1 `resolve` entry (the built-in providers have runtime rules; the
    /// generic one leaves it NULL, so the host uses its classification).
    static func makeVTable(priority: Int32, resolves: Bool) -> lkh_media_provider_v1 {
        var vtable = lkh_media_provider_v1()
        vtable.struct_size = UInt32(MemoryLayout<lkh_media_provider_v1>.size)
        vtable.priority = priority
        vtable.classify = { instance, url, out, error in
            guard let instance, let url, let out,
                Int(out.pointee.struct_size) >= MemoryLayout<lkh_media_classification>.size
            else {
                LKHErrorSlot.write(error, .invalid, "classify needs a URL and a lkh_media_classification of the 1.0 size")
                return LKH_E_INVALID
            }
            return InstanceBox.borrow(instance, as: MediaPlugin.self).classify(url, into: out, error: error)
        }
        vtable.fetch_metadata = { instance, url, timeout, done, userData, operationID, error in
            guard let instance, let url, let done else {
                LKHErrorSlot.write(error, .invalid, "fetch_metadata needs a URL and a done callback")
                return LKH_E_INVALID
            }
            let plugin = InstanceBox.borrow(instance, as: MediaPlugin.self)
            let completion = Completion(done: done, userData: userData)
            return MediaPlugin.report(plugin.fetchMetadata(String(cString: url), timeoutMilliseconds: timeout, completion: completion), operationID, error)
        }
        vtable.extract = { instance, url, destination, progress, done, userData, operationID, error in
            guard let instance, let url, let destination, let done else {
                LKHErrorSlot.write(error, .invalid, "extract needs a URL, a destination folder and a done callback")
                return LKH_E_INVALID
            }
            let plugin = InstanceBox.borrow(instance, as: MediaPlugin.self)
            let result = plugin.extract(
                String(cString: url), destination: String(cString: destination),
                progress: ProgressSink(function: progress, userData: userData), completion: Completion(done: done, userData: userData))
            return MediaPlugin.report(result, operationID, error)
        }
        if resolves {
            vtable.resolve = { instance, url, timeout, done, userData, operationID, error in
                guard let instance, let url, let done else {
                    LKHErrorSlot.write(error, .invalid, "resolve needs a URL and a done callback")
                    return LKH_E_INVALID
                }
                let plugin = InstanceBox.borrow(instance, as: MediaPlugin.self)
                let completion = Completion(done: done, userData: userData)
                return MediaPlugin.report(plugin.resolve(String(cString: url), timeoutMilliseconds: timeout, completion: completion), operationID, error)
            }
        }
        vtable.cancel = { instance, operationID in
            guard let instance else { return }
            InstanceBox.borrow(instance, as: MediaPlugin.self).operations.cancel(operationID)
        }
        return vtable
    }

    /// Writes a started operation's id, or the refusal into the error slot.
    private static func report(
        _ result: Result<UInt64, PluginError>, _ operationID: UnsafeMutablePointer<UInt64>?, _ error: UnsafeMutablePointer<lkh_error>?
    ) -> lkh_status {
        switch result {
        case .success(let id):
            operationID?.pointee = id
            return LKH_OK
        case .failure(let failure):
            LKHErrorSlot.write(error, failure.status, failure.message)
            return failure.status.rawValue
        }
    }
}
