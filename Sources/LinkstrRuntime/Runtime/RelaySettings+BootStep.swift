extension RelaySettings {
    /// The boot step shown while relays connect, naming what is waited for (the first few enabled
    /// relays): `connecting relays (wss://a, wss://b)`.
    public var connectingStep: String {
        let urls = ((try? list()) ?? []).filter(\.enabled).map(\.url)
        let named = urls.prefix(3).joined(separator: ", ") + (urls.count > 3 ? " and \(urls.count - 3) more" : "")
        return urls.isEmpty ? "connecting relays" : "connecting relays (\(named))"
    }
}
