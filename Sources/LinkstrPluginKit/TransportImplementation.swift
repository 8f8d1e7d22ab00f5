/// A transport instance behind ``TransportVTable``: the `lkh_transport_v1` functions with their
/// arguments checked and turned into Swift (see linkstr_plugin.h for what each promises). The
/// instance pointer the plugin's `create` returns is `InstanceBox.retain` of the conforming object.
public protocol TransportImplementation: AnyObject, Sendable {
    func setSink(_ sink: TransportSink)
    func setRelays(_ relays: [TransportRelay]) throws(PluginError)
    /// `filtersJSON`: the bytes of a JSON array of NIP-01 filters, not yet checked.
    func subscribe(_ subscriptionID: String, filtersJSON: [UInt8]) throws(PluginError)
    func unsubscribe(_ subscriptionID: String) throws(PluginError)
    /// Starts a publish and returns its operation id; `callback` reports the outcome unless this
    /// throws.
    func publish(eventJSON: [UInt8], eventID: String, timeout: Duration, callback: DoneCallback) throws(PluginError) -> UInt64
    func cancel(_ operationID: UInt64)
    /// The pool's status as JSON `[{"url","status","error"?,…}]`.
    func describe() -> String
}
