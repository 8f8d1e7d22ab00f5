/// A decoded NIP-19 string.
public enum NIP19Entity: Sendable {
    case npub(PublicKey)
    case nsec(SecretKey)
    case note(EventID)
    case nprofile(NProfile)
    case nevent(NEvent)
    case naddr(NAddr)

    /// The bech32 prefix.
    public var prefix: String {
        switch self {
        case .npub: return "npub"
        case .nsec: return "nsec"
        case .note: return "note"
        case .nprofile: return "nprofile"
        case .nevent: return "nevent"
        case .naddr: return "naddr"
        }
    }

    /// The entity encoded again (identical to the decoded string for lowercase input).
    public var bech32: String {
        switch self {
        case let .npub(key): return key.npub
        case let .nsec(key): return key.nsec
        case let .note(id): return id.note
        case let .nprofile(profile): return profile.bech32
        case let .nevent(event): return event.bech32
        case let .naddr(address): return address.bech32
        }
    }
}

extension NIP19Entity: CustomStringConvertible {
    /// Never shows an nsec.
    public var description: String {
        if case .nsec = self { return "nsec(redacted)" }
        return bech32
    }
}
