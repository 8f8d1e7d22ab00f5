import LinkstrPluginKit
import PluginABI

extension LinkstrHost {
    /// Every media provider, in the order they are asked: first those listed in `media_providers` (in
    /// that order), then the others by descending `priority`, ties in discovery order. A provider whose
    /// instance or vtable fails is logged and left out. Computed once per load.
    public func mediaProviders() -> [Capability<lkh_media_provider_v1>] {
        cachedMediaProviders(orderedMediaProviders)
    }

    private func orderedMediaProviders() -> [Capability<lkh_media_provider_v1>] {
        let capabilities = registry.providers(of: CapabilityID.mediaProvider).compactMap { plugin -> Capability<lkh_media_provider_v1>? in
            do {
                // ABI 1.0 providers end at `cancel`; `resolve` (1.1) is read only when present.
                return try instance(of: plugin).capability(
                    CapabilityID.mediaProvider, as: lkh_media_provider_v1.self,
                    minimumSize: CapabilityID.requiredVTableSize[CapabilityID.mediaProvider]!)
            } catch {
                log.log(.warn, "media provider left out: \(error)")
                return nil
            }
        }
        let configuredOrder = configuration.mediaProviders
        return capabilities.enumerated().sorted { left, right in
            let leftRank = configuredOrder.firstIndex(of: left.element.pluginID) ?? Int.max
            let rightRank = configuredOrder.firstIndex(of: right.element.pluginID) ?? Int.max
            if leftRank != rightRank { return leftRank < rightRank }
            let leftPriority = left.element.vtable.pointee.priority
            let rightPriority = right.element.vtable.pointee.priority
            if leftPriority != rightPriority { return leftPriority > rightPriority }
            return left.offset < right.offset
        }.map(\.element)
    }

    /// Asks the media providers in order; the first that claims `url` answers. Nil when none does.
    ///
    /// - Throws: `PluginError` when a provider fails for another reason than "not mine".
    public func classify(_ url: String) throws(PluginError) -> MediaClassification? {
        for provider in mediaProviders() {
            if let classification = try classify(url, with: provider) { return classification }
        }
        return nil
    }

    /// The providers that claim `url`, in the order they are asked, with their answers.
    func claimingProviders(_ url: String) throws(PluginError) -> [(provider: Capability<lkh_media_provider_v1>, classification: MediaClassification)] {
        var claiming: [(provider: Capability<lkh_media_provider_v1>, classification: MediaClassification)] = []
        for provider in mediaProviders() {
            if let classification = try classify(url, with: provider) { claiming.append((provider, classification)) }
        }
        return claiming
    }

    /// One provider's classification of `url`, or nil when it does not claim it.
    private func classify(_ url: String, with provider: Capability<lkh_media_provider_v1>) throws(PluginError) -> MediaClassification? {
        guard let classify = provider.vtable.pointee.classify else { return nil }
        var result = lkh_media_classification()
        result.struct_size = UInt32(MemoryLayout<lkh_media_classification>.size)
        var error = LKHErrorSlot.make()
        let status = classify(provider.rawInstance, url, &result, &error)
        if status == LKH_E_NOT_FOUND { return nil }
        guard status == LKH_OK else {
            throw PluginError(status: status, error: &error)
        }
        guard let mode = MediaMode(abiValue: result.mode) else {
            throw PluginError(.protocol, "media provider '\(provider.pluginID)' answered an unknown mode \(result.mode)")
        }
        let embed = Self.string(from: &result.embed_url)
        return MediaClassification(
            provider: Self.string(from: &result.provider), mode: mode,
            canonicalURL: Self.string(from: &result.canonical_url),
            embedURL: embed.isEmpty ? nil : embed, pluginID: provider.pluginID)
    }

    /// A NUL-terminated fixed-size C char array as a String.
    static func string<Tuple>(from tuple: inout Tuple) -> String {
        withUnsafeBytes(of: &tuple) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
