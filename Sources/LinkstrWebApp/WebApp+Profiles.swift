import Foundation
import HTTPTypes
import Hummingbird

/// Profiles and the lock: the lock screen (every page while the profile is locked), unlocking,
/// locking now, the auto-lock, the master passphrase; the profiles page (switch, add, import,
/// rename, remove, back up) and restoring a backup in onboarding. Every change is a POST.
extension WebApp {
    func addProfilesRoutes(to router: Router<AppRequestContext>) {
        // What an open page compares with what it was drawn for (a switch or a lock loads it again).
        router.get("/profiles/state") { _, _ in WebResponse.asset(await runtime.state(), type: "text/plain; charset=utf-8") }
        router.post("/lock/unlock") { _, context in await page(followsLock: false) { try await unlock(context.form) } }
        router.post("/lock/now") { _, _ in await page { try await lockNow() } }
        router.post("/lock/auto") { _, context in await page { try await setAutoLock(context.form) } }
        router.post("/lock/passphrase") { _, context in await page { try await setMasterPassphrase(context.form) } }
        router.get("/profiles") { _, _ in await page { try await profilesPage() } }
        router.post("/profiles/use") { _, context in await page { try await useProfile(context.form) } }
        router.post("/profiles/add") { _, context in await page { try await addProfile(context.form) } }
        router.post("/profiles/import") { _, context in await page { try await importProfile(context.form) } }
        router.post("/profiles/rename") { _, context in await page { try await renameProfile(context.form) } }
        router.get("/profiles/remove") { request, _ in await page { try await confirmRemoval(Self.query(request, "name")) } }
        router.post("/profiles/remove") { _, context in await page { try await removeProfile(context.form) } }
        router.get("/profiles/backup") { request, _ in
            await page { WebResponse.html(ProfilesPage.backup(name: Self.query(request, "name"), csrf: secrets.csrf, me: try await runtime.me())) }
        }
        router.post("/profiles/backup") { _, context in await page { try await backup(context.form) } }
        router.post("/onboarding/restore") { _, context in await page { try await restore(context.form) } }
        // A page drawn by one of these POSTs, loaded again after a switch or a lock, lands on a page that has a GET.
        for path in ["/lock/unlock", "/lock/now", "/lock/auto", "/lock/passphrase", "/profiles/use", "/profiles/add", "/profiles/import", "/profiles/rename"] {
            router.get(RouterPath(path)) { _, _ in WebResponse.seeOther(path.hasPrefix("/lock/unlock") ? "/" : "/profiles") }
        }
    }

    private static func query(_ request: Request, _ name: String) -> String {
        Form(query: request.uri.query ?? "").first(name) ?? ""
    }

    // MARK: The lock

    /// The lock screen of the profile the app acts on (any page asked for while it is locked).
    func lockScreen(problem: String? = nil) async -> Response {
        let state = await runtime.state()
        do throws(AppFailure) {
            let view = try await runtime.lockView()
            let html = Layout.$switcher.withValue(ProfileSwitcher(profiles: [], state: state)) { LockPage.render(view, csrf: secrets.csrf, problem: problem) }
            return WebResponse.html(html, status: problem == nil ? .ok : .badRequest)
        } catch {
            return WebResponse.html(Layout.page(title: "Problem", csrf: secrets.csrf, body: Layout.problem(error.description)), status: .internalServerError)
        }
    }

    private func unlock(_ form: Form) async throws(AppFailure) -> Response {
        do throws(AppFailure) {
            _ = try await runtime.unlock(passphrase: form.first("passphrase") ?? "")
            return WebResponse.seeOther("/")
        } catch where error.isSaidOnTheForm {
            // The passphrase typed is not shown again.
            return await lockScreen(problem: error.description)
        }
    }

    private func lockNow() async throws(AppFailure) -> Response {
        do throws(AppFailure) {
            try await runtime.lockNow()
            return WebResponse.seeOther("/")
        } catch where error.isSaidOnTheForm {
            return try await profilesPage(problem: (section: .lock, text: error.description))
        }
    }

    private func setAutoLock(_ form: Form) async throws(AppFailure) -> Response {
        do throws(AppFailure) {
            guard let minutes = Int(form.first("minutes") ?? "") else { throw AppFailure("choose when to lock by itself", isBadInput: true) }
            try await runtime.setAutoLock(minutes: minutes)
            return WebResponse.seeOther("/profiles#lock-title")
        } catch where error.isSaidOnTheForm {
            return try await profilesPage(problem: (section: .lock, text: error.description))
        }
    }

    private func setMasterPassphrase(_ form: Form) async throws(AppFailure) -> Response {
        do throws(AppFailure) {
            try await runtime.setMasterPassphrase(form.first("passphrase") ?? "", repeated: form.first("repeat") ?? "")
            return WebResponse.seeOther("/profiles#lock-title")
        } catch where error.isSaidOnTheForm {
            return try await profilesPage(problem: (section: .lock, text: error.description))
        }
    }

    // MARK: Profiles

    private func profilesPage(typed: ProfilesPage.Typed = .init(), problem: (section: ProfilesPage.Section, text: String)? = nil) async throws(AppFailure)
        -> Response
    {
        let page = ProfilesPage.render(
            await runtime.profiles(), lock: try await runtime.lockSettings(), asksPassphrase: await runtime.asksPassphrase(), csrf: secrets.csrf,
            me: try await runtime.me(), typed: typed, problem: problem)
        return WebResponse.html(page, status: problem == nil ? .ok : .badRequest)
    }

    private func useProfile(_ form: Form) async throws(AppFailure) -> Response {
        do throws(AppFailure) {
            try await runtime.useProfile(form.first("name") ?? "")
            return WebResponse.seeOther("/")
        } catch where error.isSaidOnTheForm {
            return try await profilesPage(problem: (section: .list, text: error.description))
        }
    }

    private func addProfile(_ form: Form) async throws(AppFailure) -> Response {
        do throws(AppFailure) {
            let use = form.first("add-use") == "1"
            try await runtime.addProfile(name: form.first("name") ?? "", passphrase: form.first("passphrase"), use: use)
            return WebResponse.seeOther(use ? "/" : "/profiles")
        } catch where error.isSaidOnTheForm {
            return try await profilesPage(typed: .init(addName: form.first("name") ?? ""), problem: (section: .add, text: error.description))
        }
    }

    private func importProfile(_ form: Form) async throws(AppFailure) -> Response {
        do throws(AppFailure) {
            let use = form.first("import-use") == "1"
            try await runtime.importProfile(
                name: form.first("name") ?? "", key: form.first("key") ?? "", backupPassphrase: form.first("backup_passphrase") ?? "",
                passphrase: form.first("passphrase"), use: use)
            return WebResponse.seeOther(use ? "/" : "/profiles")
        } catch where error.isSaidOnTheForm {
            return try await profilesPage(typed: .init(importName: form.first("name") ?? ""), problem: (section: .importing, text: error.description))
        }
    }

    private func renameProfile(_ form: Form) async throws(AppFailure) -> Response {
        do throws(AppFailure) {
            try await runtime.renameProfile(form.first("old") ?? "", to: form.first("new") ?? "")
            return WebResponse.seeOther("/profiles")
        } catch where error.isSaidOnTheForm {
            return try await profilesPage(problem: (section: .list, text: error.description))
        }
    }

    private func confirmRemoval(_ name: String) async throws(AppFailure) -> Response {
        let question = try await runtime.removalQuestion(name)
        return WebResponse.html(ProfilesPage.confirmRemoval(name: name, question: question, csrf: secrets.csrf, me: try await runtime.me()))
    }

    private func removeProfile(_ form: Form) async throws(AppFailure) -> Response {
        let name = form.first("name") ?? ""
        guard form.first("confirm") == "yes" else { return try await profilesPage(problem: (section: .list, text: "nothing was deleted.")) }
        try await runtime.removeProfile(name)
        return WebResponse.seeOther("/profiles")
    }

    /// The backup as a download (the passphrase never comes back in a page).
    private func backup(_ form: Form) async throws(AppFailure) -> Response {
        let name = form.first("name") ?? ""
        do throws(AppFailure) {
            let backup = try await runtime.backup(name, passphrase: form.first("passphrase") ?? "", repeated: form.first("repeat") ?? "")
            return Response(
                status: .ok,
                headers: [.contentType: "application/octet-stream", .contentDisposition: "attachment; filename=\"\(backup.fileName)\""],
                body: ResponseBody(byteBuffer: ByteBuffer(string: backup.text)))
        } catch where error.isSaidOnTheForm {
            return WebResponse.html(ProfilesPage.backup(name: name, csrf: secrets.csrf, me: try await runtime.me(), problem: error.description), status: .badRequest)
        }
    }

    // MARK: Onboarding

    private func restore(_ form: Form) async throws(AppFailure) -> Response {
        guard !(await runtime.hasAccount()) else { return WebResponse.seeOther("/") }
        do throws(AppFailure) {
            try await runtime.restore(backup: form.first("backup") ?? "", passphrase: form.first("passphrase") ?? "")
            return WebResponse.seeOther("/")
        } catch {
            return WebResponse.html(
                OnboardingPage.render(csrf: secrets.csrf, profiles: await runtime.profiles(), backup: form.first("backup") ?? "", restoreProblem: error.description),
                status: .badRequest)
        }
    }
}

extension AppFailure {
    /// A refusal the form it came from shows (not a missing account or a lock, which are pages of their own).
    var isSaidOnTheForm: Bool { !isMissingAccount && !isLocked }
}
