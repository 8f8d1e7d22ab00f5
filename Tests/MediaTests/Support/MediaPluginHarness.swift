import Foundation
import LinkstrPluginKit
import PluginABI
import PluginTesting

/// One media plugin (the real .so, loaded through the real loader by a `FakeHost`) and helpers that
/// turn its C callbacks into async calls.
final class MediaPluginHarness: @unchecked Sendable {
    let host: FakeHost
    let instance: PluginInstance
    let provider: Capability<lkh_media_provider_v1>

    /// - Parameters:
    ///   - library: `media` (built-in providers) or `media-generic`.
    ///   - config: plugin settings and `host.*` values.
    init(library: String = "media-generic", config: [String: String]) throws {
        host = FakeHost(pluginID: library == "media" ? "org.linkstr.media.builtin" : "org.linkstr.media.generic", config: config)
        instance = try host.load(path: BuildProducts.plugin(library))
        provider = try instance.capability(LKH_CAP_MEDIA_PROVIDER_V1, as: lkh_media_provider_v1.self)
    }

    /// Settings for a plugin whose cache and data live in `scratch`, allowed to reach loopback.
    static func config(scratch: String, _ extra: [String: String] = [:]) -> [String: String] {
        var config = [
            "host.cache_dir": scratch + "/cache", "host.data_dir": scratch + "/data", "allow_private_addresses": "loopback",
        ]
        config.merge(extra) { $1 }
        return config
    }

    struct Outcome: Sendable, CustomStringConvertible {
        var status: LKHStatus
        var message: String
        /// The result JSON (empty on failure).
        var json: String

        private var object: [String: Any] {
            (try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]) ?? [:]
        }

        func string(_ key: String) -> String? { object[key] as? String }
        func int(_ key: String) -> Int? { object[key] as? Int }

        var description: String { status.isOK ? json : "\(status): \(message)" }
    }

    /// A call refused synchronously (the done callback never runs).
    struct Refusal: Error, CustomStringConvertible {
        var status: LKHStatus
        var message: String
        var description: String { "\(status): \(message)" }
    }

    /// Receives `done` (and `progress`) for one operation.
    final class Callbacks: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Outcome, Never>?
        private var early: Outcome?
        private(set) var progress: [(Int64, Int64)] = []
        var onProgress: (@Sendable () -> Void)?

        func wait() async -> Outcome {
            await withCheckedContinuation { continuation in
                lock.lock()
                if let early {
                    lock.unlock()
                    continuation.resume(returning: early)
                } else {
                    self.continuation = continuation
                    lock.unlock()
                }
            }
        }

        func finish(_ outcome: Outcome) {
            lock.lock()
            if let continuation {
                self.continuation = nil
                lock.unlock()
                continuation.resume(returning: outcome)
            } else {
                early = outcome
                lock.unlock()
            }
        }

        func record(_ done: Int64, _ total: Int64) {
            lock.lock()
            progress.append((done, total))
            let callback = onProgress
            lock.unlock()
            callback?()
        }

        var progressCount: Int {
            lock.lock()
            defer { lock.unlock() }
            return progress.count
        }
    }

    static let done: lkh_done_fn = { userData, status, error, result in
        let callbacks = Unmanaged<Callbacks>.fromOpaque(userData!).takeRetainedValue()
        let bytes = OwnedBytes.take(result)
        let message = error.map { LKHErrorSlot.message(of: $0) } ?? ""
        callbacks.finish(Outcome(status: LKHStatus(rawValue: status), message: message, json: String(decoding: bytes, as: UTF8.self)))
    }

    static let progress: lkh_progress_fn = { userData, done, total in
        Unmanaged<Callbacks>.fromOpaque(userData!).takeUnretainedValue().record(done, total)
    }

    func classify(_ url: String) -> (status: LKHStatus, provider: String, mode: Int32, canonical: String, embed: String) {
        var out = lkh_media_classification()
        out.struct_size = UInt32(MemoryLayout<lkh_media_classification>.size)
        var error = LKHErrorSlot.make()
        let status = provider.vtable.pointee.classify!(provider.rawInstance, url, &out, &error)
        func text<T>(_ value: inout T) -> String {
            withUnsafeBytes(of: &value) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        return (LKHStatus(rawValue: status), text(&out.provider), out.mode, text(&out.canonical_url), text(&out.embed_url))
    }

    /// Starts a metadata fetch; throws `Refusal` when the plugin refuses at once.
    func startMetadata(_ url: String, timeoutMilliseconds: UInt32 = 6000) throws -> (operation: UInt64, callbacks: Callbacks) {
        let callbacks = Callbacks()
        let box = Unmanaged.passRetained(callbacks).toOpaque()
        var operation: UInt64 = 0
        var error = LKHErrorSlot.make()
        let status = provider.vtable.pointee.fetch_metadata!(provider.rawInstance, url, timeoutMilliseconds, Self.done, box, &operation, &error)
        guard status == LKH_OK else {
            Unmanaged<Callbacks>.fromOpaque(box).release()
            throw Refusal(status: LKHStatus(rawValue: status), message: LKHErrorSlot.message(of: &error))
        }
        return (operation, callbacks)
    }

    func metadata(_ url: String, timeoutMilliseconds: UInt32 = 6000) async throws -> Outcome {
        try await startMetadata(url, timeoutMilliseconds: timeoutMilliseconds).callbacks.wait()
    }

    func startExtract(_ url: String, into destination: String) throws -> (operation: UInt64, callbacks: Callbacks) {
        let callbacks = Callbacks()
        let box = Unmanaged.passRetained(callbacks).toOpaque()
        var operation: UInt64 = 0
        var error = LKHErrorSlot.make()
        let status = provider.vtable.pointee.extract!(
            provider.rawInstance, url, destination, Self.progress, Self.done, box, &operation, &error)
        guard status == LKH_OK else {
            Unmanaged<Callbacks>.fromOpaque(box).release()
            throw Refusal(status: LKHStatus(rawValue: status), message: LKHErrorSlot.message(of: &error))
        }
        return (operation, callbacks)
    }

    func extract(_ url: String, into destination: String) async throws -> Outcome {
        try await startExtract(url, into: destination).callbacks.wait()
    }

    func cancel(_ operation: UInt64) {
        provider.vtable.pointee.cancel!(provider.rawInstance, operation)
    }
}
