/// A notifier whose notifications offer actions ("Open"); the host learns of clicks through the
/// handler it installs with `set_action_handler`.
///
/// Thread rule: `setActionHandler` is called on the host's control thread; the notifier calls the
/// handler from any thread of its own, never after `shutdown` has returned.
public protocol ActionNotifier: Notifier {
    /// Installs the handler, or removes it with nil.
    func setActionHandler(_ handler: NotificationActionHandler?)
}
