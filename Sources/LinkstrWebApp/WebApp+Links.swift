import Hummingbird

/// Links clicked outside the app (`linkstr://`, `bunker://`, `nostrconnect://`): the desktop's
/// handler runs `linkstr app open LINK`, whose window opens `/open?link=LINK`. That page only shows what
/// the link asks for: any web page can make such a link, so nothing happens before the person
/// confirms it there (a POST from the app's own page, with its CSRF token).
extension WebApp {
    /// The app's page for a clicked link.
    public static func openPath(for link: String) -> String {
        "/open?link=" + link.addingPercentEncodingForPath()
    }

    func addLinksRoutes(to router: Router<AppRequestContext>) {
        router.get("/open") { request, _ in
            await page { try await openLink(Form(query: request.uri.query ?? "").first("link") ?? "") }
        }
        router.post("/open/save") { _, context in await page { try await saveClickedLink(context.form.first("link") ?? "") } }
    }

    /// A post that is in a session opens in its feed (reading changes nothing); anything else is
    /// shown with what can be done about it.
    private func openLink(_ link: String) async throws(AppFailure) -> Response {
        let view = try await runtime.clickedLink(link)
        if case .post(_, let session, _, let post) = view {
            return WebResponse.seeOther("/sessions/\(session.addingPercentEncodingForPath())#post-\(post.addingPercentEncodingForPath())")
        }
        return WebResponse.html(
            LinksPage.render(
                view, link: link,
                screens: LinksPage.Screens(
                    connect: screens.has(LinksPage.Screens.connectPath), checkConnect: screens.has(LinksPage.Screens.checkConnectPath, method: "POST"),
                    save: screens.has(LinksPage.Screens.savePath)),
                csrf: secrets.csrf, me: try? await runtime.me()))
    }

    private func saveClickedLink(_ link: String) async throws(AppFailure) -> Response {
        let saved = try await runtime.saveClickedLink(link)
        return WebResponse.html(LinksPage.saved(url: saved.url, tags: saved.tags, alreadySaved: saved.alreadySaved, csrf: secrets.csrf, me: try await runtime.me()))
    }
}
