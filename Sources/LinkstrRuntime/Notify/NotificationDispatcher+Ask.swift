extension NotificationDispatcher {
    /// Shows `question` (a `.permission` or `.saveQuestion` request) through the notifiers that have actions and waits
    /// for the person's "allow" or "deny", at most `timeout`. Nil when no such notifier showed it,
    /// or no answer came in time.
    public func ask(_ question: NotificationRequest, timeout: Duration) async -> String? {
        let askers = notifiers.filter { entry in (try? entry.notifier.get())?.router != nil }
        guard !askers.isEmpty else { return nil }
        return await withCheckedContinuation { continuation in
            questions.wait(for: question.id, continuation)
            Task {
                var shown = false
                for entry in askers { shown = await deliver(question, through: entry.pluginID, entry.notifier).ok || shown }
                if !shown { questions.answer(question.id, with: nil) }
            }
            Task {
                try? await Task.sleep(for: timeout)
                questions.answer(question.id, with: nil)
            }
        }
    }
}
