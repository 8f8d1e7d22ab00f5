import Glibc
import LinkstrPluginKit
import PluginABI

/// One instance of a built-in media plugin: classifies URLs, fetches metadata and extracts videos.
///
/// Thread rule: `classify`, `fetchMetadata`, `resolve`, `extract` and `cancel` are `[thread-safe]` as the ABI
/// requires; `destroy` is a host-thread call that cancels pending operations and waits for their
/// completions before it returns.
final class MediaPlugin: @unchecked Sendable {
    let flavor: MediaPluginFlavor
    let host: PluginHost
    let settings: MediaSettings
    let fetcher: HTTPFetcher
    let metadata: MetadataService
    /// Runtime resolution before playback, with its in-memory cache.
    let resolver: RuntimeResolver
    let operations = OperationTable()
    /// The vtable handed to the host; owned by this instance, freed by `destroy`.
    let vtable: UnsafeMutablePointer<lkh_media_provider_v1>

    init(flavor: MediaPluginFlavor, host: PluginHost) {
        self.flavor = flavor
        self.host = host
        settings = MediaSettings(host: host) { host.log(.warn, $0) }
        fetcher = HTTPFetcher(policy: settings.addressPolicy, userAgent: settings.userAgent, caFile: settings.caFile)
        metadata = MetadataService(
            fetcher: fetcher, cacheDirectory: settings.cacheDirectory, naming: settings.cacheNaming, endpoints: settings.oEmbedEndpoints,
            retryAfter: settings.retryAfter, concurrency: settings.metadataConcurrency)
        resolver = RuntimeResolver(fetcher: fetcher, settings: settings.resolution)
        vtable = .allocate(capacity: 1)
        vtable.initialize(to: MediaPlugin.makeVTable(priority: flavor.priority, resolves: flavor == .builtin))
    }

    /// Cancels every operation, waits for their `done` callbacks, then frees the vtable.
    func destroy() {
        let stuck = operations.cancelAllAndWait(timeout: .seconds(15))
        if stuck > 0 { host.log(.error, "\(stuck) media operation(s) did not finish within 15 s of destroy") }
        fetcher.invalidate()
        vtable.deinitialize(count: 1)
        vtable.deallocate()
    }

    /// Fills `out` when this plugin's providers claim `url`. Allocation-free.
    func classify(_ url: UnsafePointer<CChar>, into out: UnsafeMutablePointer<lkh_media_classification>, error: UnsafeMutablePointer<lkh_error>?) -> lkh_status {
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(url).assumingMemoryBound(to: UInt8.self), count: strlen(url))
        let base = UnsafeMutableRawPointer(out)
        let urlCapacity = Int(LKH_MEDIA_URL_CAPACITY)
        var canonical = URLWriter(UnsafeMutableRawBufferPointer(
            start: base + MemoryLayout<lkh_media_classification>.offset(of: \.canonical_url)!, count: urlCapacity))
        var embed = URLWriter(UnsafeMutableRawBufferPointer(
            start: base + MemoryLayout<lkh_media_classification>.offset(of: \.embed_url)!, count: urlCapacity))
        guard let link = MediaClassifier.classify(bytes, providers: flavor.providers, canonical: &canonical, embed: &embed) else {
            return LKH_E_NOT_FOUND
        }
        guard !canonical.overflowed, !embed.overflowed else {
            LKHErrorSlot.write(error, .invalid, "the URL is longer than \(urlCapacity - 1) bytes")
            return LKH_E_INVALID
        }
        canonical.finish()
        embed.finish()
        let provider = UnsafeMutableRawPointer(base + MemoryLayout<lkh_media_classification>.offset(of: \.provider)!)
            .assumingMemoryBound(to: UInt8.self)
        let name = link.provider.rawValue.utf8
        var index = 0
        for byte in name {
            provider[index] = byte
            index += 1
        }
        provider[index] = 0
        out.pointee.mode = link.mode.abiValue
        return LKH_OK
    }
}
