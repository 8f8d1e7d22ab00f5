import CSecp256k1

extension PublicKey {
    /// BIP-340 verification of `signature` over a 32-byte event id. Thread-safe.
    public func verify(_ signature: Signature, for id: EventID) -> Bool {
        id.bytes.withUnsafeBytes { verify(signature, message: $0) }
    }

    /// BIP-340 verification over a message of any length (Nostr only signs 32-byte ids;
    /// other lengths exist for the BIP-340 test vectors). Thread-safe.
    public func verify(_ signature: Signature, message: some Collection<UInt8>) -> Bool {
        let bytes = Array(message)
        return bytes.withUnsafeBytes { verify(signature, message: $0) }
    }

    func verify(_ signature: Signature, message: UnsafeRawBufferPointer) -> Bool {
        withXOnly { key in
            signature.bytes.withUnsafeBytes { signatureBytes in
                secp256k1_schnorrsig_verify(Secp256k1Context.shared.pointer,
                                            signatureBytes.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                            message.baseAddress?.assumingMemoryBound(to: UInt8.self), message.count, key) == 1
            }
        }
    }

    /// libsecp256k1's x-only form of ``point`` (a copy and a parity check, no field arithmetic
    /// beyond a possible negation, which never happens for the even-y points PublicKey holds).
    func withXOnly<R>(_ body: (UnsafePointer<secp256k1_xonly_pubkey>) -> R) -> R {
        var full = point
        var xonly = secp256k1_xonly_pubkey()
        let status = secp256k1_xonly_pubkey_from_pubkey(Secp256k1Context.shared.pointer, &xonly, nil, &full)
        // Only fails for an invalid (zeroed) pubkey object, which PublicKey never holds.
        precondition(status == 1, "secp256k1_xonly_pubkey_from_pubkey failed")
        return body(&xonly)
    }
}
