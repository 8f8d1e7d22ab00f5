import Foundation
import Glibc
import LinkstrRuntime
import PluginABI

/// The frame of every runtime call of linkstr.h: the record goes to the caller as a JSON string it
/// owns (`linkstr_string_free`), a failure to its error slot; nothing unwinds into C.
enum RuntimeCall {
    static func record<Record: Encodable>(
        _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ errorSlot: UnsafeMutablePointer<lkh_error>?,
        _ body: () throws(EmbeddedFailure) -> Record
    ) -> lkh_status {
        guard let outJSON else { return EmbeddedFailure.null("out_json").report(errorSlot) }
        outJSON.pointee = nil
        do {
            guard let json = strdup(JSONRecords.text(try body())) else { return EmbeddedFailure(.noMemory, "out of memory").report(errorSlot) }
            outJSON.pointee = json
            return LKH_OK
        } catch {
            return error.report(errorSlot)
        }
    }

    /// A required string argument.
    static func text(_ pointer: UnsafePointer<CChar>?, _ argument: String) throws(EmbeddedFailure) -> String {
        guard let pointer else { throw EmbeddedFailure.null(argument) }
        return String(cString: pointer)
    }

    /// An optional string argument (NULL: none).
    static func optionalText(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    /// The strings of a JSON array argument named `argument`, each one `kind`.
    static func strings(_ json: String, _ argument: String, _ kind: String) throws(EmbeddedFailure) -> [String] {
        guard let array = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any], let strings = array as? [String] else {
            throw EmbeddedFailure(.invalid, "\(argument) must be a JSON array of strings (\(kind)), not \(json)")
        }
        return strings
    }
}
