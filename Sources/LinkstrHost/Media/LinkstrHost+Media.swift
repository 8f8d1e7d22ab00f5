import LinkstrPluginKit
import PluginABI

extension LinkstrHost {
    /// Every media provider, in the order they are asked: first those listed in `media_providers` (in
    /// that order), then the others by descending `priority`, ties in discovery order. A provider whose
    /// instance or vtable fails is logged and left out. Computed once per load.
    public func mediaProviders() -> [MediaProvider] {
        cachedMediaProviders(orderedMediaProviders)
    }

    private func orderedMediaProviders() -> [MediaProvider] {
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
        }.map { MediaProvider($0.element, log: log) }
    }

    /// Asks the media providers in order; the first that claims `url` answers. Nil when none does.
    ///
    /// - Throws: `PluginError` when a provider fails for another reason than "not mine".
    public func classify(_ url: String) throws(PluginError) -> MediaClassification? {
        for provider in mediaProviders() {
            if let classification = try provider.classify(url) { return classification }
        }
        return nil
    }

    /// The providers that claim `url`, in the order they are asked, with their answers.
    ///
    /// - Throws: `PluginError` when a provider fails for another reason than "not mine".
    public func claimingProviders(_ url: String) throws(PluginError) -> [(provider: MediaProvider, classification: MediaClassification)] {
        var claiming: [(provider: MediaProvider, classification: MediaClassification)] = []
        for provider in mediaProviders() {
            if let classification = try provider.classify(url) { claiming.append((provider, classification)) }
        }
        return claiming
    }
}
