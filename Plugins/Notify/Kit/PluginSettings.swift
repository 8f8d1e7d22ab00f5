import Foundation
import LinkstrPluginKit

/// Reads a notifier's settings (its `[plugins."<id>"]` section, through `config_get`) with errors
/// that name the setting, the section and what is expected.
///
/// Thread rule: a value type over the thread-safe host table; use it from any thread.
public struct PluginSettings: Sendable {
    public let host: PluginHost
    public let pluginID: String

    public init(host: PluginHost, pluginID: String) {
        self.host = host
        self.pluginID = pluginID
    }

    /// `[plugins."<id>"]`, for messages.
    public var section: String { "[plugins.\"\(pluginID)\"]" }

    /// A setting's text, or nil when it is absent or empty.
    public func string(_ key: String) -> String? {
        host.config(key).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// A setting that must be present.
    public func required(_ key: String, example: String) throws(PluginError) -> String {
        guard let value = string(key) else {
            throw PluginError(.invalid, "\(section) has no '\(key)' setting; add \(key) = \(example)")
        }
        return value
    }

    /// A number of seconds in `range`, or `defaultValue` when absent.
    public func seconds(_ key: String, default defaultValue: Double, range: ClosedRange<Double>) throws(PluginError) -> Double {
        guard let text = string(key) else { return defaultValue }
        guard let value = Double(text), range.contains(value) else {
            throw PluginError(
                .invalid,
                "setting '\(key)' of \(section) must be a number of seconds from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return value
    }

    /// A whole number in `range`, or `defaultValue` when absent.
    public func integer(_ key: String, default defaultValue: Int, range: ClosedRange<Int>) throws(PluginError) -> Int {
        guard let text = string(key) else { return defaultValue }
        guard let value = Int(text), range.contains(value) else {
            throw PluginError(
                .invalid, "setting '\(key)' of \(section) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return value
    }

    /// A TOML array of strings (it arrives as JSON text), or nil when absent.
    public func strings(_ key: String, example: String) throws(PluginError) -> [String]? {
        guard let text = string(key) else { return nil }
        guard let array = try? JSONDecoder().decode([String].self, from: Data(text.utf8)) else {
            throw PluginError(
                .invalid, "setting '\(key)' of \(section) must be an array of strings like \(key) = \(example), not \(text)")
        }
        return array
    }
}
