/// A NIP-07 method a web page calls through the browser extension.
public enum BrowserMethod: String, CaseIterable, Sendable, Codable {
    case getPublicKey
    case signEvent
    case nip44Encrypt = "nip44.encrypt"
    case nip44Decrypt = "nip44.decrypt"
    case getRelays
}
