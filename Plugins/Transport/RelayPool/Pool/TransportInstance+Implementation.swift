import LinkstrPluginKit

/// The pool behind the shared `lkh_transport_v1` table: the relay URLs and filters the table hands
/// over are checked here, as the pool reads them.
extension TransportInstance: TransportImplementation {
    func setRelays(_ relays: [TransportRelay]) throws(PluginError) {
        var endpoints: [RelayEndpoint] = []
        for relay in relays {
            do throws(TransportInputError) {
                endpoints.append(try RelayEndpoint(url: relay.url, flags: relay.flags))
            } catch {
                throw PluginError(.invalid, error.reason)
            }
        }
        try setRelays(endpoints)
    }

    func subscribe(_ subscriptionID: String, filtersJSON: [UInt8]) throws(PluginError) {
        let filters: FilterList
        do throws(TransportInputError) {
            filters = try FilterList(json: filtersJSON)
        } catch {
            throw PluginError(.invalid, error.reason)
        }
        try subscribe(subscriptionID, filters: filters)
    }
}
