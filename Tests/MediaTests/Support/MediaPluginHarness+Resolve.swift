import Foundation
import LinkstrPluginKit
import PluginABI

extension MediaPluginHarness {
    /// Calls the ABI 1.1 `resolve` and waits for its answer; throws `Refusal` when the plugin refuses
    /// at once.
    func resolve(_ url: String, timeoutMilliseconds: UInt32 = 0) async throws -> Outcome {
        guard let function = provider.vtable.pointee.resolve else {
            throw Refusal(status: .unsupported, message: "the plugin's vtable has no resolve")
        }
        let callbacks = Callbacks()
        let box = Unmanaged.passRetained(callbacks).toOpaque()
        var operation: UInt64 = 0
        var error = LKHErrorSlot.make()
        let status = function(provider.rawInstance, url, timeoutMilliseconds, Self.done, box, &operation, &error)
        guard status == LKH_OK else {
            Unmanaged<Callbacks>.fromOpaque(box).release()
            throw Refusal(status: LKHStatus(rawValue: status), message: LKHErrorSlot.message(of: &error))
        }
        return await callbacks.wait()
    }
}

extension MediaPluginHarness.Outcome {
    /// A boolean field of the result JSON.
    func bool(_ key: String) -> Bool? { field(key) as? Bool }

    /// An array-of-strings field of the result JSON.
    func strings(_ key: String) -> [String]? { field(key) as? [String] }

    private func field(_ key: String) -> Any? {
        ((try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any])?[key]
    }
}
