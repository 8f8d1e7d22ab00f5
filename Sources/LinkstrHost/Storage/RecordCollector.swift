import LinkstrPluginKit
import PluginABI

/// The records a storage plugin hands to the host's `lkh_record_fn` during one `get` or `query`,
/// each read and checked by the storage rules (`StorageInput.record`). The first record that breaks
/// them ends the call, refused with the plugin named (`.protocol`, as `PluginAnswer` refuses): the
/// host keeps no record it would have to alter, such as a collection that is not ASCII.
/// A value type: confine it to the call that fills it.
struct RecordCollector {
    private var found: [StoredRecord] = []
    private var refusal: PluginError?

    /// What the plugin returned, or the error naming the plugin and the rule its record broke.
    func records(from pluginID: String) throws(PluginError) -> [StoredRecord] {
        if let refusal {
            throw PluginError(.protocol, "storage plugin '\(pluginID)': its record breaks the storage rules (\(refusal.message)); refused")
        }
        return found
    }

    /// The `lkh_record_fn` that adds each record to the `RecordCollector` behind `context`, and stops
    /// the plugin at the first record it refuses.
    static let collect: lkh_record_fn = { context, record in
        guard let context, let record else { return 1 }
        let collector = context.assumingMemoryBound(to: RecordCollector.self)
        do throws(PluginError) {
            collector.pointee.found.append(try StorageInput.record(record.pointee))
            return 0
        } catch {
            collector.pointee.refusal = error
            return 1
        }
    }
}
