import Foundation
import HTTPTypes
import Hummingbird

/// The pages and the changes: GET renders, POST changes and redirects (or shows the form again
/// with the runtime's message and what was typed).
extension WebApp {
    func router() -> Router<AppRequestContext> {
        let router = Router(context: AppRequestContext.self)
        router.add(middleware: WebAppGuard(secrets: secrets, address: address))
        router.get("/assets/app.css") { _, _ in WebResponse.asset(Assets.css, type: "text/css; charset=utf-8") }
        router.get("/assets/app.js") { _, _ in WebResponse.asset(Assets.javascript, type: "text/javascript; charset=utf-8") }
        router.get("/events") { _, _ in events() }
        router.get("/") { request, _ in await page { try await sessions(request) } }
        router.post("/onboarding/create") { _, context in await page { try await createAccount(context.form) } }
        router.post("/onboarding/import") { _, context in await page { try await importAccount(context.form) } }
        router.get("/sessions/new") { _, _ in await page { try await newSession() } }
        router.post("/sessions") { _, context in await page { try await createSession(context.form) } }
        router.get("/sessions/:id") { request, context in
            await page { try await feed(context.parameters.get("id") ?? "", request: request) }
        }
        router.post("/sessions/:id/posts") { _, context in
            await page { try await post(context.parameters.get("id") ?? "", form: context.form) }
        }
        router.post("/sessions/:id/react") { _, context in
            await page { try await react(context.parameters.get("id") ?? "", form: context.form) }
        }
        router.get("/sessions/:id/posts/:post/play") { _, context in
            await page { try await play(context.parameters.get("id") ?? "", post: context.parameters.get("post") ?? "") }
        }
        router.get("/sessions/:id/posts/:post/video") { request, context in
            await page { try await cachedFile(request, await runtime.cachedVideo(context.parameters.get("id") ?? "", post: context.parameters.get("post") ?? "")) }
        }
        router.get("/sessions/:id/posts/:post/thumbnail") { request, context in
            await page {
                try await cachedFile(request, await runtime.cachedThumbnail(context.parameters.get("id") ?? "", post: context.parameters.get("post") ?? ""))
            }
        }
        router.post("/sessions/:id/posts/:post/save") { _, context in
            await page { try await save(context.parameters.get("id") ?? "", post: context.parameters.get("post") ?? "") }
        }
        router.get("/sessions/:id/posts/:post/delete") { _, context in
            await page { try await confirmDelete(context.parameters.get("id") ?? "", post: context.parameters.get("post") ?? "") }
        }
        router.post("/sessions/:id/posts/:post/delete") { _, context in
            await page { try await delete(context.parameters.get("id") ?? "", post: context.parameters.get("post") ?? "") }
        }
        router.get("/sessions/:id/members") { _, context in await page { try await members(context.parameters.get("id") ?? "") } }
        router.post("/sessions/:id/members") { _, context in
            await page { try await changeMembers(context.parameters.get("id") ?? "", form: context.form) }
        }
        router.get("/you") { _, _ in await page { WebResponse.html(YouPage.render(try await runtime.identity(), csrf: secrets.csrf)) } }
        router.post("/you/name") { _, context in await page { try await publishName(context.form) } }
        router.get("/settings") { request, _ in await page { try await settings(fragment: Self.wantsFragment(request)) } }
        router.post("/settings/relays") { _, context in await page { try await changeRelay(context.form) } }
        router.post("/settings/notify-test") { _, _ in await page { try await testNotification() } }
        addNotificationsRoutes(to: router)
        router.post("/settings/reveal") { _, _ in await page { try await settings(nsec: try await runtime.revealSecret()) } }
        router.get("/settings/end/:what") { _, context in
            await page {
                let ending = try Self.ending(context.parameters.get("what"))
                return WebResponse.html(SettingsPage.confirmEnding(ending, npub: try await runtime.me(), csrf: secrets.csrf))
            }
        }
        router.post("/settings/end/:what") { _, context in
            await page { try await end(try Self.ending(context.parameters.get("what")), form: context.form) }
        }
        router.post("/sessions/:id/archive") { _, context in
            await page { try await setArchived(context.parameters.get("id") ?? "", form: context.form) }
        }
        router.get("/contacts") { _, _ in await page { try await contacts() } }
        router.post("/contacts") { _, context in await page { try await addContact(context.form) } }
        addSavedRoutes(to: router)
        addLinksRoutes(to: router)
        addSignerRoutes(to: router)
        addBrowserHelperRoutes(to: router)
        addRemoteSignerRoutes(to: router)
        addProfilesRoutes(to: router)
        return router
    }

    /// A page, or onboarding when the home has no account, or the lock screen while its profile is
    /// locked (`followsLock`: false for the routes that unlock), or the failure said plainly. The
    /// profile switcher is drawn on it, and a switch made elsewhere is followed first.
    func page(followsLock: Bool = true, _ body: () async throws -> Response) async -> Response {
        let failure: AppFailure
        do {
            let profiles: [ProfileRow]
            if followsLock { profiles = try await runtime.follow() } else { profiles = await runtime.profiles() }
            let switcher = ProfileSwitcher(profiles: profiles, state: await runtime.state())
            return try await Layout.$switcher.withValue(profiles.isEmpty ? nil : switcher) { try await body() }
        } catch let error as AppFailure {
            failure = error
        } catch {
            failure = AppFailure("\(error)")
        }
        if failure.isLocked { return await lockScreen() }
        if failure.isMissingAccount { return WebResponse.html(OnboardingPage.render(csrf: secrets.csrf, profiles: await runtime.profiles())) }
        return WebResponse.html(
            Layout.page(title: "Problem", csrf: secrets.csrf, body: "<h1>Something went wrong</h1>\(Layout.problem(failure.description))<p><a href=\"/\">Back to sessions</a></p>"),
            status: failure.isBadInput ? .badRequest : .internalServerError)
    }

    static func wantsFragment(_ request: Request) -> Bool {
        Form(query: request.uri.query ?? "").first("fragment") == "1"
    }

    private var now: Int64 { Int64(Date().timeIntervalSince1970) }

    // MARK: Onboarding

    private func createAccount(_ form: Form) async throws(AppFailure) -> Response {
        guard !(await runtime.hasAccount()) else { return WebResponse.seeOther("/") }
        do throws(AppFailure) {
            let created = try await runtime.createAccount(name: form.trimmed("name"))
            return WebResponse.html(OnboardingPage.backup(csrf: secrets.csrf, npub: created.npub, nsec: created.nsec, nameProblem: created.nameProblem))
        } catch {
            return WebResponse.html(OnboardingPage.render(csrf: secrets.csrf, problem: error.description), status: .badRequest)
        }
    }

    private func importAccount(_ form: Form) async throws(AppFailure) -> Response {
        guard !(await runtime.hasAccount()) else { return WebResponse.seeOther("/") }
        do throws(AppFailure) {
            try await runtime.importAccount(nsec: form.first("nsec") ?? "")
            return WebResponse.seeOther("/")
        } catch {
            return WebResponse.html(OnboardingPage.render(csrf: secrets.csrf, problem: error.description), status: .badRequest)
        }
    }

    // MARK: Sessions

    private func sessions(_ request: Request) async throws(AppFailure) -> Response {
        let query = Form(query: request.uri.query ?? "")
        let filter = SessionsPage.Filter(archived: query.first("archived") == "1", search: query.trimmed("q") ?? "")
        let rows = try await runtime.sessions(archived: filter.archived)
        if Self.wantsFragment(request) { return WebResponse.html(SessionsPage.list(rows, filter: filter, now: now)) }
        return WebResponse.html(SessionsPage.render(rows, filter: filter, now: now, csrf: secrets.csrf, me: try await runtime.me()))
    }

    private func setArchived(_ id: String, form: Form) async throws(AppFailure) -> Response {
        try await runtime.setArchived(id, form.first("archived") == "1")
        return WebResponse.seeOther("/sessions/\(id.addingPercentEncodingForPath())")
    }

    private func newSession() async throws(AppFailure) -> Response {
        WebResponse.html(SessionsPage.new(try await runtime.contacts(), csrf: secrets.csrf, me: try await runtime.me()))
    }

    private func createSession(_ form: Form) async throws(AppFailure) -> Response {
        let members = form.all("member")
        do throws(AppFailure) {
            let id = try await runtime.createSession(name: form.trimmed("name") ?? "", members: members)
            return WebResponse.seeOther("/sessions/\(id.addingPercentEncodingForPath())")
        } catch where !error.isMissingAccount {
            let page = SessionsPage.new(
                try await runtime.contacts(), csrf: secrets.csrf, me: try await runtime.me(), name: form.first("name") ?? "", chosen: Set(members),
                problem: error.description)
            return WebResponse.html(page, status: .badRequest)
        }
    }

    private func feed(_ id: String, request: Request) async throws(AppFailure) -> Response {
        let query = Form(query: request.uri.query ?? "")
        let limit = min(max(Int(query.first("limit") ?? "") ?? FeedPage.pageSize, 1), 100_000)
        let feed = try await runtime.feed(id, limit: limit, before: query.first("before"))
        if Self.wantsFragment(request) { return WebResponse.html(FeedPage.items(feed, limit: limit, now: now, csrf: secrets.csrf)) }
        return WebResponse.html(FeedPage.render(feed, limit: limit, now: now, csrf: secrets.csrf, me: try await runtime.me()))
    }

    private func post(_ id: String, form: Form) async throws(AppFailure) -> Response {
        let url = form.first("url") ?? "", note = form.first("note") ?? ""
        do throws(AppFailure) {
            try await runtime.post(id, url: url, note: form.trimmed("note"))
            return WebResponse.seeOther("/sessions/\(id.addingPercentEncodingForPath())")
        } catch where !error.isMissingAccount {
            // The composer stays with what was typed, and says why (as the iPhone app keeps it open).
            let feed = try await runtime.feed(id, limit: FeedPage.pageSize)
            let page = FeedPage.render(
                feed, limit: FeedPage.pageSize, now: now, csrf: secrets.csrf, me: try await runtime.me(),
                composer: FeedPage.Composer(url: url, note: note, problem: error.description))
            return WebResponse.html(page, status: error.isBadInput ? .badRequest : .badGateway)
        }
    }

    private func react(_ id: String, form: Form) async throws(AppFailure) -> Response {
        let post = form.first("post") ?? ""
        try await runtime.react(id, post: post, emoji: form.first("emoji") ?? "")
        return WebResponse.seeOther("/sessions/\(id.addingPercentEncodingForPath())#post-\(post.addingPercentEncodingForPath())")
    }

    // MARK: Deleting and members

    private func confirmDelete(_ id: String, post: String) async throws(AppFailure) -> Response {
        let found = try await runtime.postToDelete(id, post: post)
        guard found.mine else { throw AppFailure("you can only delete posts you sent.", isBadInput: true) }
        return WebResponse.html(FeedPage.confirmDelete(session: id, post: (found.id, found.url, found.note), csrf: secrets.csrf, me: try await runtime.me()))
    }

    private func delete(_ id: String, post: String) async throws(AppFailure) -> Response {
        let warnings = try await runtime.delete(id, post: post)
        guard warnings.isEmpty else { return WebResponse.html(FeedPage.deleted(session: id, warnings: warnings, csrf: secrets.csrf, me: try await runtime.me())) }
        return WebResponse.seeOther("/sessions/\(id.addingPercentEncodingForPath())")
    }

    private func members(_ id: String) async throws(AppFailure) -> Response {
        WebResponse.html(MembersPage.render(try await runtime.members(id), contacts: try await runtime.contacts(), csrf: secrets.csrf, me: try await runtime.me()))
    }

    private func changeMembers(_ id: String, form: Form) async throws(AppFailure) -> Response {
        let adding = form.all("add") + (form.trimmed("key").map { [$0] } ?? [])
        do throws(AppFailure) {
            try await runtime.changeMembers(id, adding: adding, removing: form.all("remove"))
            return WebResponse.seeOther("/sessions/\(id.addingPercentEncodingForPath())/members")
        } catch where !error.isMissingAccount {
            let page = MembersPage.render(
                try await runtime.members(id), contacts: try await runtime.contacts(), csrf: secrets.csrf, me: try await runtime.me(),
                key: form.first("key") ?? "", chosen: Set(form.all("add")), problem: error.description)
            return WebResponse.html(page, status: error.isBadInput ? .badRequest : .badGateway)
        }
    }

    // MARK: You and settings

    private func publishName(_ form: Form) async throws(AppFailure) -> Response {
        let name = form.first("clear") == "1" ? nil : (form.first("name") ?? "")
        do throws(AppFailure) {
            try await runtime.publishName(name)
            return WebResponse.seeOther("/you")
        } catch where !error.isMissingAccount {
            let page = YouPage.render(try await runtime.identity(), csrf: secrets.csrf, name: form.first("name"), problem: error.description)
            return WebResponse.html(page, status: error.isBadInput ? .badRequest : .badGateway)
        }
    }

    /// The settings page (or, as a fragment, its relay list: the page refreshes it while open).
    /// `notificationsChange`: why a change of the notifications was refused, and the list as typed.
    func settings(
        fragment: Bool = false, nsec: String? = nil, relayText: String = "", problem: String? = nil,
        tested: [(notifier: String, problem: String?)]? = nil, testProblem: String? = nil,
        notificationsChange: (problem: String, typedList: String)? = nil
    ) async throws(AppFailure) -> Response {
        let relays = try await runtime.relays()
        if fragment { return WebResponse.html(SettingsPage.relayList(relays, csrf: secrets.csrf)) }
        let configured = try await runtime.notificationSettings()
        let notifications = SettingsPage.Notifications(
            from: configured.from, notifiers: configured.notifiers, tested: tested, testProblem: testProblem,
            changeProblem: notificationsChange?.problem, typedList: notificationsChange?.typedList)
        let page = SettingsPage.render(
            relays: relays, storage: try await runtime.storageInUse(), notifications: notifications, csrf: secrets.csrf, me: try await runtime.me(),
            nsec: nsec, relayText: relayText, problem: problem)
        return WebResponse.html(page, status: problem == nil && notificationsChange == nil ? .ok : .badRequest)
    }

    private func testNotification() async throws(AppFailure) -> Response {
        do throws(AppFailure) {
            return try await settings(tested: try await runtime.testNotification())
        } catch where !error.isMissingAccount {
            return try await settings(testProblem: error.description)
        }
    }

    private func changeRelay(_ form: Form) async throws(AppFailure) -> Response {
        do throws(AppFailure) {
            try await runtime.changeRelay(form.first("action") ?? "", url: form.trimmed("url") ?? "")
            return WebResponse.seeOther("/settings")
        } catch where error.isBadInput {
            return try await settings(relayText: form.first("action") == "add" ? form.first("url") ?? "" : "", problem: error.description)
        }
    }

    private static func ending(_ text: String?) throws(AppFailure) -> AccountEnding {
        guard let ending = AccountEnding(rawValue: text ?? "") else { throw AppFailure("there is no such account action", isBadInput: true) }
        return ending
    }

    private func end(_ ending: AccountEnding, form: Form) async throws(AppFailure) -> Response {
        let npub = try await runtime.me()
        let typed = form.first("confirm") ?? ""
        let problem: String?
        switch ending {
        case .deleteAccount: problem = AppRuntime.deletionRefusal(typed, npub: npub)
        case .logOut, .logOutClearingData: problem = typed == "yes" ? nil : "nothing was deleted."
        }
        if let problem {
            return WebResponse.html(SettingsPage.confirmEnding(ending, npub: npub, csrf: secrets.csrf, typed: typed, problem: problem), status: .badRequest)
        }
        try await runtime.end(ending)
        return WebResponse.seeOther("/")
    }

    // MARK: Playing

    /// The provider's player of a post, on a page of its own (what "Play" opens with JavaScript off;
    /// with it, the player goes in place in the feed). Reached only by the person's click.
    private func play(_ id: String, post: String) async throws(AppFailure) -> Response {
        guard let embed = try await runtime.embedURL(id, post: post) else {
            throw AppFailure("this post's link has no player the app can show; open it in the browser", isBadInput: true)
        }
        let back = "/sessions/\(id.addingPercentEncodingForPath())"
        return WebResponse.html(FeedPage.playerPage(embed: embed, back: back + "#post-\(post.addingPercentEncodingForPath())", csrf: secrets.csrf, me: try await runtime.me()))
    }

    /// A file of the local cache (never a provider's address), with byte ranges.
    private func cachedFile(_ request: Request, _ path: String?) async throws(AppFailure) -> Response {
        guard let path else { throw AppFailure("nothing of this post is in the local cache", isBadInput: true) }
        return FileAnswer.serve(path, request: request)
    }

    private func save(_ id: String, post: String) async throws(AppFailure) -> Response {
        try await runtime.save(id, post: post)
        return WebResponse.seeOther("/sessions/\(id.addingPercentEncodingForPath())#post-\(post.addingPercentEncodingForPath())")
    }

    // MARK: Contacts

    private func contacts() async throws(AppFailure) -> Response {
        WebResponse.html(ContactsPage.render(try await runtime.contacts(), csrf: secrets.csrf, me: try await runtime.me()))
    }

    private func addContact(_ form: Form) async throws(AppFailure) -> Response {
        do throws(AppFailure) {
            try await runtime.addContact(form.first("key") ?? "", alias: form.trimmed("alias"))
            return WebResponse.seeOther("/contacts")
        } catch where !error.isMissingAccount {
            let page = ContactsPage.render(
                try await runtime.contacts(), csrf: secrets.csrf, me: try await runtime.me(), key: form.first("key") ?? "",
                alias: form.first("alias") ?? "", problem: error.description)
            return WebResponse.html(page, status: .badRequest)
        }
    }

    // MARK: Live

    /// `text/event-stream`: one `change` event per change the watch stores, until the page goes
    /// or the server stops.
    private func events() -> Response {
        let changes = live.subscribe()
        return Response(
            status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
            body: ResponseBody { writer in
                // A first comment, so the page knows the stream is open.
                try await writer.write(ByteBuffer(string: ": open\n\n"))
                for await change in changes { try await writer.write(ByteBuffer(string: change.event)) }
                try await writer.finish(nil)
            })
    }
}
