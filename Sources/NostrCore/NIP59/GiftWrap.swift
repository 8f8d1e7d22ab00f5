import Foundation

/// NIP-59 gift wrapping: rumor (unsigned) → seal (kind 13, signed by the sender, NIP-44 to the
/// recipient) → wrap (kind 1059, signed by a fresh one-time key, NIP-44 to the recipient,
/// tagged `["p", recipient]`). Seal and wrap `created_at` are each set to now minus an
/// independent uniform random 0…172800 s; the rumor keeps its true time.
///
/// The sender's long-term key is only used through a ``Signer``; the one-time key is local.
/// Thread-safe (no shared state).
public enum GiftWrap {
    public static let sealKind = 13
    public static let wrapKind = 1059
    public static let ephemeralWrapKind = 21059
    /// Two days: the largest backdating of seal and wrap timestamps.
    public static let maximumTimestampTweak: Int64 = 172_800

    /// `now` minus a uniform random 0…172800 seconds (from the system CSPRNG).
    public static func randomizedTimestamp(now: Int64) -> Int64 {
        now - Int64.random(in: 0...maximumTimestampTweak)
    }

    static func currentTime() -> Int64 { Int64(Date().timeIntervalSince1970) }

    // MARK: Creating

    /// Seals `rumor` for `recipient`: NIP-44 encrypts the rumor JSON (with its computed id, no
    /// sig) with the sender's key and signs a kind-13 event with no tags.
    /// `rumor.pubkey` must be the sender's key.
    public static func seal(rumor: UnsignedEvent, sender: some Signer, recipient: PublicKey,
                            createdAt: Int64? = nil) throws -> Event {
        guard rumor.pubkey == sender.publicKey else {
            throw GiftWrapError.rumorAuthorIsNotSender(rumor: rumor.pubkey, sender: sender.publicKey)
        }
        let content = try sender.nip44Encrypt(rumor.rumor().jsonString(), to: recipient)
        return try sender.sign(UnsignedEvent(pubkey: sender.publicKey, createdAt: createdAt ?? randomizedTimestamp(now: currentTime()),
                                             kind: sealKind, tags: [], content: content))
    }

    /// Wraps a signed seal for `recipient` with a fresh one-time key (or `oneTimeKey`, for
    /// tests), returning the wrap and that key.
    public static func wrap(seal: Event, recipient: PublicKey, kind: Int = wrapKind, createdAt: Int64? = nil,
                            oneTimeKey: Keypair = .generate()) throws -> GiftWrapOutput {
        guard seal.kind == sealKind, seal.sig != nil else { throw GiftWrapError.notASignedSeal(kind: seal.kind) }
        guard kind == wrapKind || kind == ephemeralWrapKind else { throw GiftWrapError.unsupportedWrapKind(kind) }
        let content = try NIP44.encrypt(seal.jsonString(), conversationKey: ConversationKey(secretKey: oneTimeKey.secretKey, peer: recipient))
        let event = oneTimeKey.signedEvent(UnsignedEvent(pubkey: oneTimeKey.publicKey, createdAt: createdAt ?? randomizedTimestamp(now: currentTime()),
                                                  kind: kind, tags: [["p", recipient.hex]], content: content))
        return GiftWrapOutput(event: event, recipient: recipient, oneTimeKey: oneTimeKey)
    }

    /// Seals and wraps `rumor` for one recipient. `now` (default: the current time) is the
    /// base for the two independently randomized timestamps.
    public static func giftWrap(rumor: UnsignedEvent, sender: some Signer, recipient: PublicKey,
                                now: Int64? = nil) throws -> GiftWrapOutput {
        let base = now ?? currentTime()
        let sealed = try seal(rumor: rumor, sender: sender, recipient: recipient, createdAt: randomizedTimestamp(now: base))
        return try wrap(seal: sealed, recipient: recipient, createdAt: randomizedTimestamp(now: base))
    }

    /// One seal and one wrap per distinct recipient, in order (include the sender to keep a
    /// copy). All wraps carry the same rumor, whose id is `rumor.id`.
    public static func giftWrap(rumor: UnsignedEvent, sender: some Signer, recipients: [PublicKey],
                                now: Int64? = nil) throws -> [GiftWrapOutput] {
        var seen = Set<PublicKey>()
        return try recipients.filter { seen.insert($0).inserted }.map { recipient in
            try giftWrap(rumor: rumor, sender: sender, recipient: recipient, now: now)
        }
    }

    // MARK: Opening

    /// Opens a gift wrap addressed to `recipient`, checking in this order: wrap kind (1059 or
    /// 21059); wrap id and signature; wrap decryption; a `p` tag naming `recipient`; seal kind 13; seal id and signature;
    /// seal has no tags; seal decryption; rumor unsigned; rumor pubkey = seal pubkey; rumor id =
    /// hash of its fields (a mismatch is rejected, never repaired). No clock checks.
    public static func unwrap(_ wrap: Event, recipient: some Signer) throws(UnwrapError) -> UnwrappedGift {
        guard wrap.kind == wrapKind || wrap.kind == ephemeralWrapKind else { throw .notAGiftWrap(kind: wrap.kind) }
        let verified: VerifiedEvent
        do throws(EventVerificationError) { verified = try VerifiedEvent(wrap) } catch { throw .invalidWrap(error) }
        return try unwrap(verified, recipient: recipient)
    }

    /// Opens a gift wrap whose id and signature were verified already (by whoever received it), with
    /// every other check listed above: the wrap's signature is not checked twice.
    public static func unwrap(_ verifiedWrap: VerifiedEvent, recipient: some Signer) throws(UnwrapError) -> UnwrappedGift {
        let wrap = verifiedWrap.event
        guard wrap.kind == wrapKind || wrap.kind == ephemeralWrapKind else { throw .notAGiftWrap(kind: wrap.kind) }
        let sealJSON: String
        do { sealJSON = try recipient.nip44Decrypt(wrap.content, fromOneTimeKey: wrap.pubkey) } catch { throw .wrapDecryptionFailed(error) }
        let recipientHex = recipient.publicKey.hex
        guard wrap.tags.contains(where: { $0.count >= 2 && $0[0] == "p" && $0[1] == recipientHex }) else {
            throw .notAddressedToRecipient
        }
        let seal: Event
        do throws(EventParseError) {
            if let local = recipient as? LocalSigner {
                // A sender whose conversation key the signer caches had its key validated then.
                seal = try Event(json: sealJSON, rumor: false, knownPubkeys: local.knownPeer)
            } else {
                seal = try Event(json: sealJSON)
            }
        } catch {
            throw .malformedSeal(error)
        }
        guard seal.kind == sealKind else { throw .notASeal(kind: seal.kind) }
        do throws(EventVerificationError) { try seal.verify() } catch { throw .invalidSeal(error) }
        guard seal.tags.isEmpty else { throw .sealHasTags(count: seal.tags.count) }

        let rumorJSON: String
        do { rumorJSON = try recipient.nip44Decrypt(seal.content, from: seal.pubkey) } catch { throw .sealDecryptionFailed(error) }
        let rumor: Event
        do throws(EventParseError) {
            // The rumor's pubkey should be the seal's, validated just above.
            let sealKey = seal.pubkey
            rumor = try Event(json: rumorJSON, rumor: true, knownPubkeys: { $0 == sealKey.bytes ? sealKey : nil })
        } catch {
            throw .malformedRumor(error)
        }
        guard rumor.sig == nil else { throw .signedRumor }
        guard rumor.pubkey == seal.pubkey else { throw .senderMismatch(sealPubkey: seal.pubkey, rumorPubkey: rumor.pubkey) }
        let computed = rumor.computedID()
        guard computed == rumor.id else { throw .rumorIDMismatch(claimed: rumor.id, computed: computed) }
        return UnwrappedGift(rumor: rumor, seal: seal, wrapID: WrapID(wrap.id))
    }
}
