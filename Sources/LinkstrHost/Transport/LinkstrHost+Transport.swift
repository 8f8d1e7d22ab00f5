import PluginABI

extension LinkstrHost {
    /// A new instance of the selected transport that belongs to the caller alone (its sink is set
    /// once); the caller destroys it.
    /// - Parameter signer: the signer service it gets instead of the account's (see
    ///   ``ownedProvider(of:as:signer:)``).
    public func ownedTransport(signer: SignerService? = nil) throws(HostError) -> RelayTransport {
        RelayTransport(try ownedProvider(of: CapabilityID.transport, as: lkh_transport_v1.self, signer: signer))
    }
}
