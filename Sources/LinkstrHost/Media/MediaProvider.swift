import LinkstrPluginKit
import PluginABI

/// One media provider plugin (`lkh_media_provider_v1`) called through the ABI. Each asynchronous
/// call returns the provider's answer as it is (its JSON bytes) for the application to read;
/// cancelling the awaiting task cancels the provider's operation, and `fetch_metadata` and `resolve`
/// have a deadline of their own (``PluginCall``): twice the per-request timeout, 30 s without one.
/// An extraction (a download) has none: its caller cancels it.
///
/// Thread rule: thread-safe, as the ABI requires of a media provider's functions.
public struct MediaProvider: Sendable {
    let capability: Capability<lkh_media_provider_v1>
    let log: HostLog

    init(_ capability: Capability<lkh_media_provider_v1>, log: HostLog) {
        self.capability = capability
        self.log = log
    }

    /// The host's deadline of a call whose requests each have `timeout` (nil: the provider's own).
    static func deadline(perRequest timeout: Duration?) -> Duration {
        timeout.map { $0 * 2 } ?? .seconds(30)
    }

    /// The plugin that provides it.
    public var pluginID: String { capability.pluginID }

    /// Whether it implements `fetch_metadata`.
    public var fetchesMetadata: Bool { capability.vtable.pointee.fetch_metadata != nil }

    /// Whether it implements `extract`.
    public var extracts: Bool { capability.vtable.pointee.extract != nil }

    /// Its classification of `url`, or nil when it does not claim it.
    ///
    /// - Throws: `PluginError` when it fails for another reason than "not mine", or answers a mode
    ///   this host does not know.
    public func classify(_ url: String) throws(PluginError) -> MediaClassification? {
        guard let classify = capability.vtable.pointee.classify else { return nil }
        var result = lkh_media_classification()
        result.struct_size = UInt32(MemoryLayout<lkh_media_classification>.size)
        var error = LKHErrorSlot.make()
        let status = classify(capability.rawInstance, url, &result, &error)
        if status == LKH_E_NOT_FOUND { return nil }
        guard status == LKH_OK else {
            throw PluginError(status: status, error: &error)
        }
        guard let mode = MediaMode(abiValue: result.mode) else {
            throw PluginError(.protocol, "\(role) answered an unknown mode \(result.mode)")
        }
        let provider = try PluginAnswer.string(&result.provider, field: "provider", role: role)
        let canonical = try PluginAnswer.webURL(
            PluginAnswer.string(&result.canonical_url, field: "canonical_url", role: role), field: "canonical_url", role: role)
        let embed = try PluginAnswer.string(&result.embed_url, field: "embed_url", role: role)
        if !embed.isEmpty { _ = try PluginAnswer.webURL(embed, field: "embed_url", role: role) }
        return MediaClassification(
            provider: provider, mode: mode, canonicalURL: canonical, embedURL: embed.isEmpty ? nil : embed, pluginID: pluginID)
    }

    /// How the provider is named in messages.
    public var role: String { "media provider '\(pluginID)'" }

    /// Its `fetch_metadata` answer for `url` (a JSON object).
    ///
    /// - Throws: `.unsupported` when it does not fetch metadata; the provider's failure otherwise.
    public func fetchMetadata(_ url: String, timeout: Duration) async throws(PluginError) -> [UInt8] {
        guard let fetch = capability.vtable.pointee.fetch_metadata else {
            throw PluginError(.unsupported, "media provider '\(pluginID)' does not fetch metadata")
        }
        let milliseconds = Self.milliseconds(timeout)
        let capability = self.capability
        return try await call("fetch_metadata", deadline: Self.deadline(perRequest: timeout)).run(on: .global(), cancel: cancel) {
            userData, done, _, operation, error in
            fetch(capability.rawInstance, url, milliseconds, done, userData, operation, error)
        }
    }

    /// Its runtime resolution of `url` (ABI 1.1 `resolve`, a JSON object); nil when it has none.
    ///
    /// - Parameter timeout: per request the provider makes; nil for the provider's own.
    public func resolve(_ url: String, timeout: Duration?) async throws(PluginError) -> [UInt8]? {
        guard let resolve = capability.resolveFunction else { return nil }
        let milliseconds = timeout.map(Self.milliseconds) ?? 0
        let capability = self.capability
        return try await call("resolve", deadline: Self.deadline(perRequest: timeout)).run(on: .global(), cancel: cancel) {
            userData, done, _, operation, error in
            resolve(capability.rawInstance, url, milliseconds, done, userData, operation, error)
        }
    }

    /// Its `extract` answer for `url` (a JSON object naming the file it wrote into `folder`).
    ///
    /// - Parameter progress: (downloaded bytes, total or -1), from any thread.
    /// - Throws: `.unsupported` when it does not extract; the provider's failure otherwise.
    public func extract(
        _ url: String, into folder: String, progress: (@Sendable (Int64, Int64) -> Void)? = nil
    ) async throws(PluginError) -> [UInt8] {
        guard let extract = capability.vtable.pointee.extract else {
            throw PluginError(.unsupported, "media provider '\(pluginID)' does not extract videos")
        }
        let capability = self.capability
        return try await call("extract", deadline: nil, cancelGrace: Self.extractionCancelGrace).run(on: .global(), progress: progress, cancel: cancel) {
            userData, done, progressFunction, operation, error in
            extract(capability.rawInstance, url, folder, progressFunction, done, userData, operation, error)
        }
    }

    /// How long a cancelled extraction waits for the provider to stop and remove its files.
    static let extractionCancelGrace: Duration = .seconds(10)

    private func call(_ function: String, deadline: Duration?, cancelGrace: Duration = .zero) -> PluginCall {
        PluginCall(pluginID: pluginID, function: function, role: "\(role) (\(function))", deadline: deadline, cancelGrace: cancelGrace, log: log)
    }

    /// Cancels one of its operations.
    private var cancel: @Sendable (UInt64) -> Void {
        let capability = self.capability
        return { operation in capability.vtable.pointee.cancel?(capability.rawInstance, operation) }
    }

    private static func milliseconds(_ duration: Duration) -> UInt32 {
        UInt32(clamping: duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }
}
