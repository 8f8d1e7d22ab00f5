import NostrCore
import RelayPoolPlugin

extension FuzzTarget {
    static func parseEvent(_ input: UnsafeRawBufferPointer) {
        if let event = try? Event(json: input) {
            _ = try? event.verify()
            let reparsed = try? Event(json: event.jsonBytes())
            precondition(reparsed == event, "an accepted event does not survive its own serialization")
        }
        if let rumor = try? Event(rumorJSON: input) {
            let reparsed = try? Event(rumorJSON: rumor.jsonBytes())
            precondition(reparsed == rumor, "an accepted rumor does not survive its own serialization")
        }
    }

    /// The reader of relay frames (the transport plugin's).
    static func parseRelayMessage(_ input: UnsafeRawBufferPointer) {
        _ = try? RelayFrame.parse(Array(input))
    }

    static func openNIP44(_ input: UnsafeRawBufferPointer) {
        let key = FuzzKeys.conversationKey
        _ = try? NIP44.decryptBytes(String(decoding: input, as: UTF8.self), conversationKey: key)
        guard let payload = try? NIP44.encrypt(input, conversationKey: key, nonce: FuzzKeys.nonce) else { return }
        let opened = try? NIP44.decryptBytes(payload, conversationKey: key)
        precondition(opened?.elementsEqual(input) == true, "a NIP-44 payload does not decrypt to its plaintext")
    }

    /// The first byte chooses the layer the rest of the input stands for: 0 the wrap JSON; 1 the seal
    /// JSON, encrypted into a wrap signed by a one-time key; 2 the rumor JSON, sealed by the sender.
    static func unwrapGift(_ input: UnsafeRawBufferPointer) {
        guard let layer = input.first else { return }
        let text = String(decoding: input.dropFirst(), as: UTF8.self)
        let recipient = FuzzKeys.recipient
        let wrap: Event
        do {
            switch layer % 3 {
            case 0:
                wrap = try Event(json: text)
            case 1:
                let content = try NIP44.encrypt(text, conversationKey: FuzzKeys.oneTimeConversationKey, nonce: FuzzKeys.nonce)
                let unsigned = UnsignedEvent(
                    pubkey: FuzzKeys.oneTime.publicKey, createdAt: FuzzKeys.createdAt, kind: GiftWrap.wrapKind,
                    tags: [["p", recipient.publicKey.hex]], content: content)
                wrap = try LocalSigner(keypair: FuzzKeys.oneTime).sign(unsigned)
            default:
                let sender = FuzzKeys.sender
                let content = try NIP44.encrypt(text, conversationKey: FuzzKeys.conversationKey, nonce: FuzzKeys.nonce)
                let seal = try sender.sign(
                    UnsignedEvent(pubkey: sender.publicKey, createdAt: FuzzKeys.createdAt, kind: GiftWrap.sealKind, content: content))
                wrap = try GiftWrap.wrap(seal: seal, recipient: recipient.publicKey, createdAt: FuzzKeys.createdAt, oneTimeKey: FuzzKeys.oneTime)
                    .event
            }
        } catch {
            return
        }
        _ = try? GiftWrap.unwrap(wrap, recipient: recipient)
    }

    static func decodeNIP19(_ input: UnsafeRawBufferPointer) {
        let text = String(decoding: input, as: UTF8.self)
        _ = try? NIP19.decode(text)
        if let decoded = try? Bech32.decode(text) {
            precondition(Bech32.encode(hrp: decoded.hrp, data: decoded.data) == text.lowercased(), "an accepted bech32 string does not re-encode to itself")
        }
    }
}
