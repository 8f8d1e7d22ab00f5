import Foundation
import HTTPTypes
import Hummingbird
import LinkstrRuntime

/// The Saved screens: the list, saving (a link, or a post's), editing tags, removing and
/// restoring, the way back to the post a link came from, import, export and sync.
extension WebApp {
    func addSavedRoutes(to router: Router<AppRequestContext>) {
        router.get("/saved") { request, _ in await page { try await savedList(request) } }
        router.post("/saved") { _, context in await page { try await saveLink(context.form) } }
        router.get("/saved/new") { request, _ in await page { try await newSavedLink(Form(query: request.uri.query ?? "")) } }
        router.get("/saved/tags") { request, _ in
            await page {
                let query = Form(query: request.uri.query ?? "")
                let choice = try await runtime.tagChoice(for: query.trimmed("url"))
                return WebResponse.html(SavedPage.tagPicker(choice, checked: Set(query.all("tag")), newTags: query.first("new_tags") ?? ""))
            }
        }
        router.get("/saved/edit") { request, _ in await page { try await editSavedLink(Form(query: request.uri.query ?? "").first("url") ?? "") } }
        router.post("/saved/edit") { _, context in await page { try await retag(context.form) } }
        router.post("/saved/unsave") { _, context in
            await page {
                let link = try await runtime.setSavedLinkRemoved(context.form.first("url") ?? "", true)
                return WebResponse.seeOther("/saved?removed=" + link.url.addingPercentEncodingForPath())
            }
        }
        router.post("/saved/restore") { _, context in
            await page {
                let link = try await runtime.setSavedLinkRemoved(context.form.first("url") ?? "", false)
                return WebResponse.seeOther("/saved?restored=" + link.url.addingPercentEncodingForPath())
            }
        }
        router.get("/saved/post") { request, _ in
            await page {
                let found = try await runtime.postOfSavedLink(Form(query: request.uri.query ?? "").first("url") ?? "")
                return WebResponse.seeOther("/sessions/\(found.session.addingPercentEncodingForPath())" + (found.post.map { "#post-\($0)" } ?? ""))
            }
        }
        router.get("/saved/sync") { _, _ in await page { try await savedTransfer() } }
        router.post("/saved/sync") { _, _ in await page { try await savedTransfer(synced: try await runtime.syncSavedLinksNow()) } }
        router.post("/saved/import") { _, context in await page { try await importBookmarks(context.form) } }
        router.get("/saved/export") { request, _ in
            await page {
                let json = Form(query: request.uri.query ?? "").first("format") == "json"
                let text = try await runtime.exportSavedLinks(json: json)
                return Response(
                    status: .ok,
                    headers: [
                        .contentType: json ? "application/json; charset=utf-8" : "text/html; charset=utf-8",
                        .contentDisposition: "attachment; filename=\"\(json ? "saved-links.json" : "bookmarks.html")\"",
                    ], body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
            }
        }
    }

    private func savedList(_ request: Request, notice: SavedPage.Notice? = nil) async throws(AppFailure) -> Response {
        let query = Form(query: request.uri.query ?? "")
        let filter = SavedPage.Filter(search: query.trimmed("q") ?? "", tag: query.trimmed("tag"), deleted: query.first("deleted") == "1")
        let list = try await runtime.savedLinks(SavedLinkFilter(tags: filter.tag.map { [$0] } ?? [], search: filter.search, deleted: filter.deleted))
        let now = Int64(Date().timeIntervalSince1970)
        if query.first("fragment") == "1" { return WebResponse.html(SavedPage.links(list.links, filter: filter, now: now, csrf: secrets.csrf)) }
        var notice = notice
        if let removed = query.first("removed") { notice = SavedPage.Notice(text: "Removed \(removed).", restore: removed) }
        if let restored = query.first("restored") { notice = SavedPage.Notice(text: "Restored \(restored).") }
        return WebResponse.html(SavedPage.render(list, filter: filter, now: now, csrf: secrets.csrf, me: try await runtime.me(), notice: notice))
    }

    private func newSavedLink(_ query: Form, typed: SavedPage.Typed = SavedPage.Typed()) async throws(AppFailure) -> Response {
        var typed = typed
        var post: PostToSave?
        if let session = query.first("session"), let id = query.first("post") {
            post = try await runtime.postToSave(session, post: id)
            if typed.problem == nil { typed.note = post?.note ?? "" }
        } else if typed.problem == nil {
            // Filled in, never saved, from the address (what a `linkstr://save` link hands over): the person saves.
            typed.url = query.first("url") ?? ""
            typed.note = query.first("note") ?? ""
            typed.newTags = query.all("tag").joined(separator: ", ")
        }
        let choice = try await runtime.tagChoice(for: post?.url ?? (typed.url.isEmpty ? nil : typed.url))
        let page = SavedPage.new(choice: choice, from: post, typed: typed, csrf: secrets.csrf, me: try await runtime.me())
        return WebResponse.html(page, status: typed.problem == nil ? .ok : .badRequest)
    }

    /// The tags a save or edit form chose: the checked ones and the new ones typed (commas between).
    private static func chosenTags(_ form: Form) -> [String] {
        form.all("tag") + (form.first("new_tags") ?? "").split(separator: ",").map(String.init).filter { !$0.allSatisfy(\.isWhitespace) }
    }

    private func saveLink(_ form: Form) async throws(AppFailure) -> Response {
        let post = form.first("post")
        do throws(AppFailure) {
            let said = try await runtime.saveLink(form.first("url") ?? "", post: post, tags: Self.chosenTags(form), note: form.trimmed("note"))
            var notice = SavedPage.Notice(text: said)
            if let session = form.first("session"), let post {
                notice.back = ("/sessions/\(session.addingPercentEncodingForPath())#post-\(post.addingPercentEncodingForPath())", "Back to the session")
            }
            let list = try await runtime.savedLinks(SavedLinkFilter())
            let page = SavedPage.render(list, filter: SavedPage.Filter(), now: Int64(Date().timeIntervalSince1970), csrf: secrets.csrf, me: try await runtime.me(), notice: notice)
            return WebResponse.html(page)
        } catch where error.isBadInput {
            let typed = SavedPage.Typed(
                url: form.first("url") ?? "", note: form.first("note") ?? "", tags: form.all("tag"), newTags: form.first("new_tags") ?? "", problem: error.description)
            var query = Form()
            if let session = form.first("session"), let post { query.fields = [("session", session), ("post", post)] }
            return try await newSavedLink(query, typed: typed)
        }
    }

    private func editSavedLink(_ url: String, checked: [String]? = nil, problem: String? = nil) async throws(AppFailure) -> Response {
        let link = try await runtime.savedLink(url)
        let choice = try await runtime.tagChoice(for: link.url)
        let row = SavedLinkRow(url: link.url, title: link.title, note: link.note, tags: checked ?? link.tags, savedAt: link.savedAt)
        let page = SavedPage.edit(row, choice: TagChoice(savedTags: link.tags, suggestions: choice.suggestions), csrf: secrets.csrf, me: try await runtime.me(), problem: problem)
        return WebResponse.html(page, status: problem == nil ? .ok : .badRequest)
    }

    /// The tags the edit view ends with: those checked and those typed; the others go.
    private func retag(_ form: Form) async throws(AppFailure) -> Response {
        let url = form.first("url") ?? ""
        let wanted = Self.chosenTags(form)
        do throws(AppFailure) {
            let link = try await runtime.savedLink(url)
            // Only what changes: a tag kept is not added again (that would count as a new use of it).
            let kept = Set(wanted.compactMap { try? TagName.normalize($0) })
            let adding = wanted.filter { (try? TagName.normalize($0)).map { !link.tags.contains($0) } ?? true }
            let changed = try await runtime.retag(url, adding: adding, removing: link.tags.filter { !kept.contains($0) })
            let list = try await runtime.savedLinks(SavedLinkFilter())
            let page = SavedPage.render(list, filter: SavedPage.Filter(), now: Int64(Date().timeIntervalSince1970), csrf: secrets.csrf, me: try await runtime.me(), notice: SavedPage.Notice(text: changed.tagsSummary))
            return WebResponse.html(page)
        } catch where error.isBadInput {
            return try await editSavedLink(url, checked: form.all("tag"), problem: error.description)
        }
    }

    private func savedTransfer(imported: String? = nil, importProblem: String? = nil, synced: [SyncOutcome]? = nil) async throws(AppFailure) -> Response {
        let page = SavedPage.transfer(
            try await runtime.savedSyncStatus(), csrf: secrets.csrf, me: try await runtime.me(), imported: imported, importProblem: importProblem, synced: synced)
        return WebResponse.html(page, status: importProblem == nil ? .ok : .badRequest)
    }

    private func importBookmarks(_ form: Form) async throws(AppFailure) -> Response {
        guard let file = form.file("file"), !file.bytes.isEmpty else {
            return try await savedTransfer(importProblem: "choose a bookmark file (bookmarks.html, or a linkstr JSON export) to import")
        }
        do throws(AppFailure) {
            return try await savedTransfer(imported: try await runtime.importBookmarks(file.bytes, named: file.filename.isEmpty ? "the file" : file.filename))
        } catch where error.isBadInput {
            return try await savedTransfer(importProblem: error.description)
        }
    }
}
