import Foundation
import LinkstrPluginKit

/// Checks what a plugin hands back before the host uses it: a string is NUL-terminated inside its
/// buffer and UTF-8, a URL is http or https with a host and without spaces or controls. A failed
/// check is refused with the plugin named (`.protocol`), so that a broken or hostile plugin cannot
/// make the host read past a buffer or open a `javascript:` link.
public enum PluginAnswer {
    /// The text of a fixed-size C char array the plugin filled (`field` names it in the message).
    ///
    /// - Parameter role: how the plugin is named, e.g. "media provider 'org.example.video'".
    public static func string<Tuple>(_ tuple: inout Tuple, field: String, role: String) throws(PluginError) -> String {
        let bytes: [UInt8]? = withUnsafeBytes(of: &tuple) { raw in
            raw.firstIndex(of: 0).map { Array(raw[..<$0]) }
        }
        guard let bytes else { throw refusal(role, "\(field) is not NUL-terminated inside its \(MemoryLayout<Tuple>.size) bytes") }
        return try utf8(bytes, field: field, role: role)
    }

    /// `bytes` as text when they are UTF-8.
    public static func utf8(_ bytes: [UInt8], field: String, role: String) throws(PluginError) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw refusal(role, "\(field) is not UTF-8") }
        return text
    }

    /// `text` when it is an http or https URL with a host.
    public static func webURL(_ text: String, field: String, role: String) throws(PluginError) -> String {
        let scheme = text.prefix { $0 != ":" }.lowercased()
        guard scheme == "http" || scheme == "https", !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }),
            let host = URLComponents(string: text)?.host, !host.isEmpty
        else {
            throw refusal(role, "\(field) '\(PrintableText.escaped(String(text.prefix(80))))' is not an http(s) URL")
        }
        return text
    }

    private static func refusal(_ role: String, _ what: String) -> PluginError {
        PluginError(.protocol, "\(role): its \(what); refused")
    }
}
