import LinkstrEngine
import NostrCore

/// The binary value of each engine entity (before sealing). Version byte 1 (2 for a reaction with
/// older toggles); a value of another version or with trailing bytes is an error, so a damaged
/// record is never half-read.
enum EngineRecordCodec {
    static let version: UInt8 = 1

    // MARK: Session

    static func encode(_ session: Session) -> [UInt8] {
        var writer = RecordValueWriter(version: version)
        writer.string(session.name)
        writer.bool(session.nameStamp != nil)
        if let stamp = session.nameStamp { write(stamp, to: &writer) }
        writer.fixed32(session.creator.rawBytes)
        writer.int64(session.updatedAt)
        writer.bool(session.archived)
        return writer.bytes
    }

    static func decodeSession(_ id: SessionID, _ bytes: [UInt8]) throws(RecordValueError) -> Session {
        var reader = try reader(bytes)
        let name = try reader.string()
        let nameStamp = try reader.bool() ? try stamp(&reader) : nil
        let creator = try publicKey(&reader)
        let session = Session(
            id: id, name: name, nameStamp: nameStamp, creator: creator, updatedAt: try reader.int64(), archived: try reader.bool())
        try finish(reader)
        return session
    }

    // MARK: Membership

    static func encode(_ history: MembershipHistory) -> [UInt8] {
        var writer = RecordValueWriter(version: version)
        writer.count(history.snapshots.count)
        for snapshot in history.snapshots {
            write(snapshot.stamp, to: &writer)
            writer.count(snapshot.members.count)
            for member in snapshot.members { writer.fixed32(member.rawBytes) }
        }
        return writer.bytes
    }

    static func decodeMembership(_ bytes: [UInt8]) throws(RecordValueError) -> MembershipHistory {
        var reader = try reader(bytes)
        var snapshots: [MembershipSnapshot] = []
        for _ in 0..<(try reader.count()) {
            let stamp = try stamp(&reader)
            var members: [PublicKey] = []
            for _ in 0..<(try reader.count()) { members.append(try publicKey(&reader)) }
            snapshots.append(MembershipSnapshot(stamp: stamp, members: members))
        }
        try finish(reader)
        return MembershipHistory(snapshots: snapshots)
    }

    // MARK: Post

    static func encode(_ post: Post) -> [UInt8] {
        var writer = RecordValueWriter(version: version)
        writer.fixed32(post.sender.rawBytes)
        writer.string(post.url)
        writer.optionalString(post.note)
        writer.int64(post.createdAt)
        writer.bool(post.unread)
        writer.count(post.wrapIDs.count)
        for wrap in post.wrapIDs { writer.fixed32(wrap.eventID.rawBytes) }
        writer.count(post.wrapSecretKeys.count)
        for key in post.wrapSecretKeys { writer.fixed32(key.exportBytes()) }
        return writer.bytes
    }

    static func decodePost(_ reference: PostReference, _ bytes: [UInt8]) throws(RecordValueError) -> Post {
        var reader = try reader(bytes)
        let sender = try publicKey(&reader)
        let url = try reader.string()
        let note = try reader.optionalString()
        let createdAt = try reader.int64()
        let unread = try reader.bool()
        var wraps: [WrapID] = []
        for _ in 0..<(try reader.count()) { wraps.append(WrapID(try eventID(&reader))) }
        var keys: [SecretKey] = []
        for _ in 0..<(try reader.count()) {
            guard let key = try? SecretKey(bytes: try reader.fixed32()) else { throw RecordValueError("a stored wrap key is invalid") }
            keys.append(key)
        }
        try finish(reader)
        return Post(
            id: reference.postID, sessionID: reference.sessionID, sender: sender, url: url, note: note, createdAt: createdAt,
            unread: unread, wrapIDs: wraps, wrapSecretKeys: keys)
    }

    // MARK: Reaction

    /// A reaction with older toggles: format 1, then the toggles.
    static let reactionWithEarlierTogglesVersion: UInt8 = 2

    static func encode(_ reaction: Reaction) -> [UInt8] {
        var writer = RecordValueWriter(version: reaction.earlier.isEmpty ? version : reactionWithEarlierTogglesVersion)
        writer.string(reaction.key.emoji)
        writer.fixed32(reaction.key.sender.rawBytes)
        writer.bool(reaction.active)
        write(reaction.stamp, to: &writer)
        if !reaction.earlier.isEmpty {
            writer.count(reaction.earlier.count)
            for toggle in reaction.earlier {
                writer.bool(toggle.active)
                write(toggle.stamp, to: &writer)
            }
        }
        return writer.bytes
    }

    static func decodeReaction(_ reference: PostReference, _ bytes: [UInt8]) throws(RecordValueError) -> Reaction {
        var reader = try reader(bytes, alsoAccepting: reactionWithEarlierTogglesVersion)
        let emoji = try reader.string()
        let sender = try publicKey(&reader)
        var reaction = Reaction(
            key: ReactionKey(sessionID: reference.sessionID, postID: reference.postID, emoji: emoji, sender: sender),
            active: try reader.bool(), stamp: try stamp(&reader))
        if reader.version == reactionWithEarlierTogglesVersion {
            for _ in 0..<(try reader.count()) {
                reaction.earlier.append(ReactionToggle(active: try reader.bool(), stamp: try stamp(&reader)))
            }
        }
        try finish(reader)
        return reaction
    }

    // MARK: Stamp

    static func encode(_ stamp: Stamp) -> [UInt8] {
        var writer = RecordValueWriter(version: version)
        write(stamp, to: &writer)
        return writer.bytes
    }

    static func decodeStamp(_ bytes: [UInt8]) throws(RecordValueError) -> Stamp {
        var reader = try reader(bytes)
        let value = try stamp(&reader)
        try finish(reader)
        return value
    }

    // MARK: Pieces

    private static func reader(_ bytes: [UInt8], alsoAccepting other: UInt8? = nil) throws(RecordValueError) -> RecordValueReader {
        let reader = try RecordValueReader(bytes)
        guard reader.version == version || reader.version == other else { throw RecordValueError("format version \(reader.version) is not one this linkstr reads") }
        return reader
    }

    private static func finish(_ reader: RecordValueReader) throws(RecordValueError) {
        guard reader.isAtEnd else { throw RecordValueError("the value has trailing bytes") }
    }

    private static func write(_ stamp: Stamp, to writer: inout RecordValueWriter) {
        writer.int64(stamp.time)
        writer.fixed32(stamp.eventID.eventID.rawBytes)
    }

    private static func stamp(_ reader: inout RecordValueReader) throws(RecordValueError) -> Stamp {
        Stamp(time: try reader.int64(), eventID: RumorID(try eventID(&reader)))
    }

    private static func eventID(_ reader: inout RecordValueReader) throws(RecordValueError) -> EventID {
        guard let id = EventID(bytes: try reader.fixed32()) else { throw RecordValueError("a stored event id is invalid") }
        return id
    }

    private static func publicKey(_ reader: inout RecordValueReader) throws(RecordValueError) -> PublicKey {
        guard let key = try? PublicKey(bytes: try reader.fixed32()) else { throw RecordValueError("a stored public key is invalid") }
        return key
    }
}
