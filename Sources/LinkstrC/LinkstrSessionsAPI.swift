import CLinkstr
import LinkstrRuntime
import PluginABI

// Sessions, the feed, posts and reactions: each call resolves its session, post and people through
// the runtime (as the command line does) and returns the command line's record.

@c(linkstr_sessions_list)
public func linkstr_sessions_list(
    _ handle: OpaquePointer?, _ archived: Int32, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    RuntimeCall.record(outJSON, errorSlot) { () throws(EmbeddedFailure) in
        let sessions = try EmbeddedRuntime.from(handle).run { runtime throws(LinkstrError) in
            try await Sessions.sessions(archived: archived != 0, in: runtime)
        }
        return sessions.map(JSONRecords.SessionRow.init)
    }
}

@c(linkstr_session_create)
public func linkstr_session_create(
    _ handle: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ membersJSON: UnsafePointer<CChar>?,
    _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    RuntimeCall.record(outJSON, errorSlot) { () throws(EmbeddedFailure) in
        let runtime = try EmbeddedRuntime.from(handle)
        let name = try RuntimeCall.text(name, "name")
        let members = try people(RuntimeCall.optionalText(membersJSON) ?? "[]")
        let (summary, warning) = try runtime.run { runtime throws(LinkstrError) in
            try await Sessions.createSession(named: name, members: members, in: runtime)
        }
        return JSONRecords.Merged(JSONRecords.CreatedSession(summary), Warnings(warnings: warning.map { [$0] } ?? []))
    }
}

/// What the caller of `linkstr_session_create` should know about the new session.
private struct Warnings: Encodable {
    let warnings: [String]
}

@c(linkstr_session_members)
public func linkstr_session_members(
    _ handle: OpaquePointer?, _ session: UnsafePointer<CChar>?, _ addJSON: UnsafePointer<CChar>?, _ removeJSON: UnsafePointer<CChar>?,
    _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    RuntimeCall.record(outJSON, errorSlot) { () throws(EmbeddedFailure) in
        let session = try RuntimeCall.text(session, "session")
        let add = try people(RuntimeCall.optionalText(addJSON) ?? "[]")
        let remove = try people(RuntimeCall.optionalText(removeJSON) ?? "[]")
        let summary = try EmbeddedRuntime.from(handle).run { runtime throws(LinkstrError) in
            try await Sessions.changeMembers(of: session, adding: add, removing: remove, in: runtime)
        }
        return JSONRecords.SessionMembers(summary)
    }
}

@c(linkstr_session_archive)
public func linkstr_session_archive(
    _ handle: OpaquePointer?, _ session: UnsafePointer<CChar>?, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    RuntimeCall.record(outJSON, errorSlot) { () throws(EmbeddedFailure) in try setArchived(handle, session, true) }
}

@c(linkstr_session_unarchive)
public func linkstr_session_unarchive(
    _ handle: OpaquePointer?, _ session: UnsafePointer<CChar>?, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    RuntimeCall.record(outJSON, errorSlot) { () throws(EmbeddedFailure) in try setArchived(handle, session, false) }
}

@c(linkstr_feed)
public func linkstr_feed(
    _ handle: OpaquePointer?, _ session: UnsafePointer<CChar>?, _ limit: UInt32,
    _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    RuntimeCall.record(outJSON, errorSlot) { () throws(EmbeddedFailure) in
        let session = try RuntimeCall.text(session, "session")
        let items = try EmbeddedRuntime.from(handle).run { runtime throws(LinkstrError) in
            try await SessionFeed.posts(try await Sessions.resolveSession(session, in: runtime), limit: limit == 0 ? nil : Int(limit), in: runtime)
        }
        return items.map(JSONRecords.FeedRow.init)
    }
}

@c(linkstr_post)
public func linkstr_post(
    _ handle: OpaquePointer?, _ session: UnsafePointer<CChar>?, _ url: UnsafePointer<CChar>?, _ note: UnsafePointer<CChar>?,
    _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    RuntimeCall.record(outJSON, errorSlot) { () throws(EmbeddedFailure) in
        let (session, url, note) = (try RuntimeCall.text(session, "session"), try RuntimeCall.text(url, "url"), RuntimeCall.optionalText(note))
        let post = try EmbeddedRuntime.from(handle).run { runtime throws(LinkstrError) in
            try await Sessions.post(try await Sessions.resolveSession(session, in: runtime), url: url, note: note, in: runtime)
        }
        return JSONRecords.SentPost(post)
    }
}

@c(linkstr_react)
public func linkstr_react(
    _ handle: OpaquePointer?, _ session: UnsafePointer<CChar>?, _ post: UnsafePointer<CChar>?, _ emoji: UnsafePointer<CChar>?,
    _ mode: linkstr_react_mode, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    RuntimeCall.record(outJSON, errorSlot) { () throws(EmbeddedFailure) in
        let (session, post) = (try RuntimeCall.text(session, "session"), try RuntimeCall.text(post, "post"))
        let emoji = try RuntimeCall.text(emoji, "emoji")
        let active: Bool?
        switch mode {
        case LINKSTR_REACT_TOGGLE: active = nil
        case LINKSTR_REACT_ON: active = true
        case LINKSTR_REACT_OFF: active = false
        default:
            throw EmbeddedFailure(.invalid, "unknown reaction mode \(mode); use LINKSTR_REACT_TOGGLE, LINKSTR_REACT_ON or LINKSTR_REACT_OFF")
        }
        let reaction = try EmbeddedRuntime.from(handle).run { runtime throws(LinkstrError) in
            let id = try await Sessions.resolveSession(session, in: runtime)
            return try await Sessions.react(id, postID: try await Sessions.resolvePost(post, in: id, in: runtime), emoji: emoji, active: active, in: runtime)
        }
        return JSONRecords.SentReaction(reaction)
    }
}

@c(linkstr_delete)
public func linkstr_delete(
    _ handle: OpaquePointer?, _ session: UnsafePointer<CChar>?, _ post: UnsafePointer<CChar>?,
    _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    RuntimeCall.record(outJSON, errorSlot) { () throws(EmbeddedFailure) in
        let (session, post) = (try RuntimeCall.text(session, "session"), try RuntimeCall.text(post, "post"))
        let deletion = try EmbeddedRuntime.from(handle).run { runtime throws(LinkstrError) in
            let id = try await Sessions.resolveSession(session, in: runtime)
            return try await Sessions.delete(id, postID: try await Sessions.resolvePost(post, in: id, in: runtime), in: runtime)
        }
        return JSONRecords.Deletion(deletion)
    }
}

@c(linkstr_read)
public func linkstr_read(
    _ handle: OpaquePointer?, _ session: UnsafePointer<CChar>?, _ post: UnsafePointer<CChar>?,
    _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    RuntimeCall.record(outJSON, errorSlot) { () throws(EmbeddedFailure) in
        let (session, post) = (try RuntimeCall.text(session, "session"), RuntimeCall.optionalText(post))
        _ = try EmbeddedRuntime.from(handle).run { runtime throws(LinkstrError) in
            let id = try await Sessions.resolveSession(session, in: runtime)
            var postID: RumorID?
            if let post { postID = try await Sessions.resolvePost(post, in: id, in: runtime) }
            return try await Sessions.markRead(id, post: postID, in: runtime)
        }
        return JSONRecords.ok
    }
}

private func setArchived(_ handle: OpaquePointer?, _ session: UnsafePointer<CChar>?, _ archived: Bool) throws(EmbeddedFailure) -> JSONRecords.Ok {
    let session = try RuntimeCall.text(session, "session")
    try EmbeddedRuntime.from(handle).run { runtime throws(LinkstrError) in
        try await Sessions.setArchived(try await Sessions.resolveSession(session, in: runtime), archived, in: runtime)
    }
    return JSONRecords.ok
}

/// The people of a JSON array of strings (npub, hex or contact alias).
private func people(_ json: String) throws(EmbeddedFailure) -> [String] {
    try RuntimeCall.strings(json, "members", "npub, hex or contact alias")
}
