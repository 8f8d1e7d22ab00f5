import NostrCore

/// One request linkstr's bunker carried out with the user's key: which client, which method, and
/// for `sign_event` the kind and id of the signed event. Never a plaintext, ciphertext or key.
public struct BunkerLogEntry: Sendable, Equatable {
    public var client: PublicKey
    public var method: String
    public var kind: Int?
    public var eventID: EventID?
    /// Unix seconds.
    public var time: Int64

    public init(client: PublicKey, method: String, kind: Int? = nil, eventID: EventID? = nil, time: Int64) {
        self.client = client
        self.method = method
        self.kind = kind
        self.eventID = eventID
        self.time = time
    }

    func encodedRecord() -> [UInt8] {
        var writer = RecordValueWriter(version: 1)
        writer.fixed32(client.rawBytes)
        writer.string(method)
        writer.optionalString(kind.map(String.init))
        writer.optionalString(eventID?.hex)
        writer.int64(time)
        return writer.bytes
    }

    init(encoded bytes: [UInt8]) throws(RecordValueError) {
        var reader = try RecordValueReader(bytes)
        let keyBytes = try reader.fixed32()
        guard let key = try? PublicKey(bytes: keyBytes) else { throw RecordValueError("a bunker record holds an invalid public key") }
        client = key
        method = try reader.string()
        kind = try reader.optionalString().flatMap { Int($0) }
        eventID = try reader.optionalString().flatMap { try? EventID(hex: $0) }
        time = try reader.int64()
    }
}
