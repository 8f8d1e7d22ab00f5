import CSystemd
import Glibc
import LinkstrPluginKit
import NotifierKit

/// The calls to the notification server and its signals. Everything here runs on the bus thread.
extension NotificationBus {
    static let serverName = "org.freedesktop.Notifications"
    static let serverPath = "/org/freedesktop/Notifications"

    /// The action keys every notification offers: "default" (a click on the notification itself)
    /// and "open" (the "Open" button); label after key, as the spec wants.
    static let actionList = ["default", "Open", "open", "Open"]
    /// The actions of a question: "Allow" and "Deny" (nothing happens on a click elsewhere).
    static let questionActionList = ["allow", "Allow", "deny", "Deny"]

    /// "name version by vendor".
    func describeServer() throws(PluginError) -> String {
        _ = try serverCapabilities()
        let reply = try callServer("GetServerInformation")
        do {
            let name = try reply.readString()
            let vendor = try reply.readString()
            let version = try reply.readString()
            return "\(name) \(version) by \(vendor)"
        } catch {
            throw PluginError(.protocol, "the notification server sent a malformed GetServerInformation reply: \(error)")
        }
    }

    func show(_ message: NotificationMessage) throws(PluginError) {
        let body = try serverCapabilities().contains("body-markup") ? BodyMarkup.escape(message.body) : message.body
        var hints: [(key: String, value: BusVariant)] = [
            ("urgency", .byte(settings.urgency.rawValue)), ("category", .string("im.received")),
            ("desktop-entry", .string("linkstr")), ("x-linkstr-id", .string(message.id)),
        ]
        if let url = message.url { hints.append(("x-linkstr-url", .string(url))) }
        if let deepLink = message.deepLink { hints.append(("x-linkstr-deep-link", .string(deepLink))) }
        let settings = self.settings
        let reply = try callServer("Notify") { call throws(BusError) in
            try call.append("linkstr")
            try call.append(UInt32(0))  // replaces_id: a new notification
            try call.append(settings.icon)
            try call.append(message.title)
            try call.append(body)
            try call.append(message.kind == .permission ? Self.questionActionList : Self.actionList)
            try call.append(hints)
            try call.append(settings.expireTimeoutMilliseconds)
        }
        let serverID: UInt32
        do {
            serverID = try reply.readUInt32()
        } catch {
            throw PluginError(.protocol, "the notification server sent a malformed Notify reply: \(error)")
        }
        serverName = reply.sender
        shown.insert(serverID: serverID, notificationID: message.id)
        host.log(.debug, "showed notification \(message.id) as #\(serverID)")
    }

    /// The server's capabilities, asked once per connection.
    private func serverCapabilities() throws(PluginError) -> Set<String> {
        if let capabilities { return capabilities }
        let reply = try callServer("GetCapabilities")
        do {
            let asked = Set(try reply.readStrings())
            capabilities = asked
            return asked
        } catch {
            throw PluginError(.protocol, "the notification server sent a malformed GetCapabilities reply: \(error)")
        }
    }

    /// Calls `member` on the notification server, connecting first if needed.
    private func callServer(_ member: String, arguments: (BusMessage) throws(BusError) -> Void = { _ in }) throws(PluginError) -> BusReply {
        let connection = try connectedBus()
        do {
            let call = try BusMessage(
                methodCallOn: connection.bus, destination: Self.serverName, path: Self.serverPath, interface: Self.serverName,
                member: member)
            try arguments(call)
            return try connection.call(call, timeoutSeconds: settings.timeoutSeconds)
        } catch {
            if !connection.isOpen { dropConnection() }
            throw failure(error, calling: member)
        }
    }

    private func connectedBus() throws(PluginError) -> BusConnection {
        if let connection, connection.isOpen { return connection }
        dropConnection()
        do {
            let opened = try BusConnection(address: settings.busAddress)
            try opened.subscribe(
                path: Self.serverPath, interface: Self.serverName, handler: notificationSignal,
                userdata: Unmanaged.passUnretained(self).toOpaque())
            connection = opened
            return opened
        } catch {
            throw unavailable(error)
        }
    }

    /// Why there is no bus, in a message short enough for the ABI's error slot.
    private func unavailable(_ error: BusError) -> PluginError {
        guard let address = settings.busAddress else {
            let reason = error.errno == ENOMEDIUM ? "$DBUS_SESSION_BUS_ADDRESS and $XDG_RUNTIME_DIR are unset" : "\(error)"
            return PluginError(
                .unavailable, "desktop notifications are not available: no D-Bus session bus (\(reason)); run linkstr in a desktop session or set bus_address")
        }
        return PluginError(.unavailable, "desktop notifications are not available: cannot connect to bus_address \(address) (\(error))")
    }

    private func failure(_ error: BusError, calling member: String) -> PluginError {
        if error.meansNoServer {
            return PluginError(.unavailable, "desktop notifications are not available: no notification server on the D-Bus session bus (\(error))")
        }
        if error.meansTimeout {
            return PluginError(.timeout, "the notification server did not answer \(member) within \(settings.timeoutSeconds) s")
        }
        if error.name != nil {
            return PluginError(.io, "the notification server refused \(member): \(error)")
        }
        return PluginError(.io, "the D-Bus call \(member) failed: \(error)")
    }

    /// A signal of the notification server (the match admits only its interface and path).
    func received(_ signal: BusReply) {
        guard let sender = signal.sender, sender == serverName else { return }
        let member = signal.member ?? "?"
        do {
            switch member {
            case "ActionInvoked":
                let serverID = try signal.readUInt32()
                let actionKey = try signal.readString()
                guard let notificationID = shown[serverID] else { return }
                host.log(.debug, "action '\(actionKey)' on notification \(notificationID)")
                actions.report(notificationID: notificationID, actionKey: actionKey)
            case "NotificationClosed":
                shown.remove(serverID: try signal.readUInt32())
            default:
                break
            }
        } catch {
            host.log(.warn, "ignored a malformed \(member) signal from the notification server: \(error)")
        }
    }
}

/// sd-bus's callback for the match `NotificationBus.connectedBus` installs; `userdata` is the bus,
/// which outlives its connection.
private let notificationSignal: sd_bus_message_handler_t = { message, userdata, _ in
    guard let message, let userdata else { return 0 }
    Unmanaged<NotificationBus>.fromOpaque(userdata).takeUnretainedValue().received(BusReply(borrowing: message))
    return 0
}
