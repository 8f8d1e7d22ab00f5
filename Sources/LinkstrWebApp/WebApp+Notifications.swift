import Hummingbird

/// Settings → notifications: who may notify and through what, written into config.toml.
extension WebApp {
    func addNotificationsRoutes(to router: Router<AppRequestContext>) {
        router.post("/settings/notifications") { _, context in await page { try await changeNotifications(context.form) } }
    }

    /// Saves the choice, back to the settings (or shows them with why it was refused, the list as typed).
    private func changeNotifications(_ form: Form) async throws(AppFailure) -> Response {
        do throws(AppFailure) {
            try await runtime.changeNotifications(from: form.first("from") ?? "", through: form.first("through") ?? "", list: form.first("notifiers") ?? "")
            return WebResponse.seeOther("/settings#notifications-title")
        } catch where error.isBadInput {
            return try await settings(notificationsChange: (error.description, form.first("notifiers") ?? ""))
        }
    }
}
