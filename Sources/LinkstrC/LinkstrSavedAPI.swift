import CLinkstr
import LinkstrRuntime
import PluginABI

// Saved links: the account's own links with tags, as `linkstr save`, `saved`, `tag`, `unsave`,
// `restore`, `tags` and `saved sync` keep them, with the same records.

@c(linkstr_save)
public func linkstr_save(
    _ handle: OpaquePointer?, _ url: UnsafePointer<CChar>?, _ tagsJSON: UnsafePointer<CChar>?, _ note: UnsafePointer<CChar>?,
    _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    RuntimeCall.record(outJSON, errorSlot) { () throws(EmbeddedFailure) in
        let (url, tags, note) = (try RuntimeCall.text(url, "url"), try tagList(tagsJSON, "tags"), RuntimeCall.optionalText(note))
        let outcome = try EmbeddedRuntime.from(handle).run { runtime throws(LinkstrError) in try await SavedLinks.save(url, tags: tags, note: note, in: runtime) }
        return JSONRecords.SaveResult(outcome)
    }
}

@c(linkstr_saved_list)
public func linkstr_saved_list(
    _ handle: OpaquePointer?, _ tagsJSON: UnsafePointer<CChar>?, _ search: UnsafePointer<CChar>?, _ deleted: Int32,
    _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    RuntimeCall.record(outJSON, errorSlot) { () throws(EmbeddedFailure) in
        let filter = SavedLinkFilter(tags: try tagList(tagsJSON, "tags"), search: RuntimeCall.optionalText(search), deleted: deleted != 0)
        let links = try EmbeddedRuntime.from(handle).run { runtime throws(LinkstrError) in try await SavedLinks.savedLinks(filter, in: runtime) }
        return links.map(JSONRecords.SavedLinkRow.init)
    }
}

@c(linkstr_saved_tag)
public func linkstr_saved_tag(
    _ handle: OpaquePointer?, _ url: UnsafePointer<CChar>?, _ addJSON: UnsafePointer<CChar>?, _ removeJSON: UnsafePointer<CChar>?,
    _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    RuntimeCall.record(outJSON, errorSlot) { () throws(EmbeddedFailure) in
        let (url, add, remove) = (try RuntimeCall.text(url, "url"), try tagList(addJSON, "add"), try tagList(removeJSON, "remove"))
        let link = try EmbeddedRuntime.from(handle).run { runtime throws(LinkstrError) in
            guard !add.isEmpty || !remove.isEmpty else { return try await SavedLinks.savedLink(url, in: runtime) }
            return try await SavedLinks.retag(url, adding: add, removing: remove, in: runtime)
        }
        return JSONRecords.SavedLinkRow(link)
    }
}

@c(linkstr_unsave)
public func linkstr_unsave(
    _ handle: OpaquePointer?, _ url: UnsafePointer<CChar>?, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    RuntimeCall.record(outJSON, errorSlot) { () throws(EmbeddedFailure) in
        let url = try RuntimeCall.text(url, "url")
        return JSONRecords.SavedLinkRow(try EmbeddedRuntime.from(handle).run { runtime throws(LinkstrError) in try await SavedLinks.unsave(url, in: runtime) })
    }
}

@c(linkstr_restore)
public func linkstr_restore(
    _ handle: OpaquePointer?, _ url: UnsafePointer<CChar>?, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    RuntimeCall.record(outJSON, errorSlot) { () throws(EmbeddedFailure) in
        let url = try RuntimeCall.text(url, "url")
        return JSONRecords.SavedLinkRow(try EmbeddedRuntime.from(handle).run { runtime throws(LinkstrError) in try await SavedLinks.restore(url, in: runtime) })
    }
}

@c(linkstr_tags)
public func linkstr_tags(
    _ handle: OpaquePointer?, _ url: UnsafePointer<CChar>?, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    RuntimeCall.record(outJSON, errorSlot) { () throws(EmbeddedFailure) in
        let url = RuntimeCall.optionalText(url)
        let scores = try EmbeddedRuntime.from(handle).run { runtime throws(LinkstrError) in try await SavedLinks.tagScores(for: url, in: runtime) }
        return scores.map(JSONRecords.TagRow.init)
    }
}

@c(linkstr_saved_sync)
public func linkstr_saved_sync(
    _ handle: OpaquePointer?, _ statusOnly: Int32, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    RuntimeCall.record(outJSON, errorSlot) { () throws(EmbeddedFailure) in
        let status = try EmbeddedRuntime.from(handle).run { runtime throws(LinkstrError) in
            statusOnly != 0 ? try await SavedLinkWebhook.status(in: runtime) : try await SavedLinkWebhook.sync(in: runtime)
        }
        if statusOnly == 0, status.outcome == .failed {
            throw EmbeddedFailure(.unavailable, status.failureSentence)
        }
        return JSONRecords.WebhookSync(status)
    }
}

/// The tags of a JSON array argument (NULL: none).
private func tagList(_ json: UnsafePointer<CChar>?, _ argument: String) throws(EmbeddedFailure) -> [String] {
    try RuntimeCall.strings(RuntimeCall.optionalText(json) ?? "[]", argument, "tag names")
}
