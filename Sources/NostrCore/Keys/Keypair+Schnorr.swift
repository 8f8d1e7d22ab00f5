import CSecp256k1

extension Keypair {
    /// BIP-340 signature of a 32-byte event id with 32 bytes of fresh auxiliary randomness.
    /// Thread-safe.
    public func sign(_ id: EventID) -> Signature {
        let auxiliary = SecureRandom.bytes32()
        return id.bytes.withUnsafeBytes { message in
            auxiliary.withUnsafeBytes { sign(message: message, auxiliary: $0) }
        }
    }

    /// BIP-340 signature with caller-chosen auxiliary randomness (exactly 32 bytes; pass
    /// random bytes in production, fixed bytes only to reproduce test vectors). Any message
    /// length is accepted (`secp256k1_schnorrsig_sign_custom`). Thread-safe.
    public func signSchnorr(message: some Collection<UInt8>, auxiliaryRandomness: some Collection<UInt8>) throws(KeyError) -> Signature {
        guard auxiliaryRandomness.count == 32 else { throw .invalidAuxiliaryRandomness(count: auxiliaryRandomness.count) }
        let messageBytes = Array(message)
        let auxiliaryBytes = Array(auxiliaryRandomness)
        return messageBytes.withUnsafeBytes { message in
            auxiliaryBytes.withUnsafeBytes { sign(message: message, auxiliary: $0) }
        }
    }

    /// Signs `unsigned`, whose pubkey the caller has checked to be ``publicKey``.
    func signedEvent(_ unsigned: UnsignedEvent) -> Event {
        let id = unsigned.id
        return Event(id: id, pubkey: unsigned.pubkey, createdAt: unsigned.createdAt, kind: unsigned.kind, tags: unsigned.tags,
                     content: unsigned.content, sig: sign(id))
    }

    func sign(message: UnsafeRawBufferPointer, auxiliary: UnsafeRawBufferPointer) -> Signature {
        var parameters = secp256k1_schnorrsig_extraparams()
        parameters.magic = (0xDA, 0x6F, 0xB3, 0x8C)  // SECP256K1_SCHNORRSIG_EXTRAPARAMS_MAGIC
        parameters.noncefp = nil  // BIP-340 nonce function
        parameters.ndata = UnsafeMutableRawPointer(mutating: auxiliary.baseAddress)
        let bytes = Bytes64 { output in
            let status = secp256k1_schnorrsig_sign_custom(
                Secp256k1Context.shared.pointer, output.baseAddress!.assumingMemoryBound(to: UInt8.self),
                message.baseAddress?.assumingMemoryBound(to: UInt8.self), message.count, raw, &parameters)
            // Only fails for an invalid key pair, which Keypair rules out.
            precondition(status == 1, "secp256k1_schnorrsig_sign_custom failed")
        }
        return Signature(bytes: bytes)
    }
}
