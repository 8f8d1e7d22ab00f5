import CSecp256k1

/// The one libsecp256k1 context of the process: created once, randomized once (side-channel
/// blinding), then only used through const operations (sign, verify, ECDH, parse), which
/// libsecp256k1 documents as safe to call concurrently on a shared context.
final class Secp256k1Context: @unchecked Sendable {
    static let shared = Secp256k1Context()

    let pointer: OpaquePointer

    private init() {
        guard let context = secp256k1_context_create(UInt32(SECP256K1_CONTEXT_NONE)) else {
            fatalError("secp256k1_context_create failed")
        }
        var seed = SecureRandom.bytes32()
        let randomized = seed.withUnsafeBytes { secp256k1_context_randomize(context, $0.baseAddress!.assumingMemoryBound(to: UInt8.self)) }
        guard randomized == 1 else { fatalError("secp256k1_context_randomize failed") }
        seed = Bytes32()
        pointer = context
    }
}
