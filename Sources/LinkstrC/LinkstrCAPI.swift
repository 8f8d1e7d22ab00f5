import Foundation
import LinkstrPluginKit
import LinkstrRuntime
import CLinkstr
import PluginABI

// The C embedding API declared in include/linkstr.h. Every function converts Swift errors into a
// status and the caller's lkh_error slot; nothing unwinds into C.

@c(linkstr_host_new)
public func linkstr_host_new(
    _ options: UnsafePointer<linkstr_host_options>?, _ outHost: UnsafeMutablePointer<OpaquePointer?>?,
    _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    guard let outHost else {
        LKHErrorSlot.write(errorSlot, .invalid, "out_host must not be NULL")
        return LKH_E_INVALID
    }
    var home: String?
    var configPath: String?
    if let options {
        let size = options.pointee.struct_size
        guard StructSize.contains(size, \linkstr_host_options.config_path) else {
            LKHErrorSlot.write(
                errorSlot, .invalid,
                "linkstr_host_options.struct_size is \(size), less than the \(MemoryLayout<linkstr_host_options>.size) bytes of API "
                    + "\(LINKSTR_API_MAJOR).0; set it to sizeof(linkstr_host_options)")
            return LKH_E_INVALID
        }
        home = options.pointee.home.map { String(cString: $0) }
        configPath = options.pointee.config_path.map { String(cString: $0) }
    }
    // Plugins installed beside liblinkstr.so (<libdir>/linkstr/plugins) count too.
    let configuration = RuntimeConfiguration(home: home, configFile: configPath, libraryDirectory: LibraryLocation.directory)
    do {
        let app = LinkstrApp(configuration)
        outHost.pointee = LiveHandles.retain(EmbeddedHost(app: app, host: try app.host()), as: .host)
        return LKH_OK
    } catch {
        LKHErrorSlot.write(errorSlot, .invalid, error.description)
        return LKH_E_INVALID
    }
}

@c(linkstr_host_load_plugins)
public func linkstr_host_load_plugins(
    _ handle: OpaquePointer?, _ outLoaded: UnsafeMutablePointer<UInt32>?, _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    guard let embedded = EmbeddedHost.from(handle) else {
        LKHErrorSlot.write(errorSlot, .invalid, "host must be a live linkstr_host (not NULL, not freed)")
        return LKH_E_INVALID
    }
    // The host is open: finding the plugins cannot fail.
    let registry = try? embedded.app.plugins()
    outLoaded?.pointee = UInt32(registry?.plugins.count ?? 0)
    return LKH_OK
}

@c(linkstr_host_plugins_json)
public func linkstr_host_plugins_json(
    _ handle: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?,
    _ capacity: Int) -> Int {
    guard let embedded = EmbeddedHost.from(handle) else { return 0 }
    let plugins = embedded.host.registry.plugins.map {
        HostPlugin(id: $0.id, version: $0.version, path: $0.path, provides: $0.provides)
    }
    return CStringBuffer.write(JSONRecords.text(plugins), into: buffer, capacity: capacity)
}

/// A plugin the host loaded: `{"id","version","path","provides"}`.
private struct HostPlugin: Encodable {
    let id: String
    let version: String
    let path: String
    let provides: [String]
}

@c(linkstr_host_providers_json)
public func linkstr_host_providers_json(
    _ handle: OpaquePointer?, _ capabilityID: UnsafePointer<CChar>?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int
) -> Int {
    guard let embedded = EmbeddedHost.from(handle), let capabilityID else { return 0 }
    let ids = embedded.host.registry.providers(of: String(cString: capabilityID)).map(\.id)
    return CStringBuffer.write(JSONRecords.text(ids), into: buffer, capacity: capacity)
}

@c(linkstr_host_classify_url)
public func linkstr_host_classify_url(
    _ handle: OpaquePointer?, _ url: UnsafePointer<CChar>?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
    _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> Int {
    guard let embedded = EmbeddedHost.from(handle), let url else {
        LKHErrorSlot.write(errorSlot, .invalid, "host must be a live linkstr_host and url must not be NULL")
        return 0
    }
    let classified = embedded.usingInstances { () -> Result<MediaClassification?, PluginError> in
        Result { () throws(PluginError) in try embedded.host.classify(String(cString: url)) }
    }
    guard let classified else {
        LKHErrorSlot.write(errorSlot, .busy, "the host is starting or stopping; classify after linkstr_host_start or linkstr_host_stop returns")
        return 0
    }
    do {
        guard let result = try classified.get() else {
            LKHErrorSlot.write(errorSlot, .notFound, "no media provider claims \(String(cString: url))")
            return 0
        }
        let record = HostClassification(
            provider: result.provider, mode: result.mode.rawValue, canonicalURL: result.canonicalURL, embedURL: result.embedURL)
        return CStringBuffer.write(JSONRecords.text(record), into: buffer, capacity: capacity)
    } catch {
        LKHErrorSlot.write(errorSlot, error.status, error.description)
        return 0
    }
}

@c(linkstr_host_start)
public func linkstr_host_start(_ handle: OpaquePointer?, _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    guard let embedded = EmbeddedHost.from(handle) else {
        LKHErrorSlot.write(errorSlot, .invalid, "host must be a live linkstr_host (not NULL, not freed)")
        return LKH_E_INVALID
    }
    var outcome: Result<Void, HostError> = .success(())
    guard embedded.changingInstances({ outcome = Result { () throws(HostError) in try embedded.host.start() } }) else {
        return busy("linkstr_host_start", errorSlot)
    }
    switch outcome {
    case .success:
        return LKH_OK
    case .failure(let error):
        let status: LKHStatus = if case .plugin(let failure) = error { failure.status } else { .notFound }
        LKHErrorSlot.write(errorSlot, status, error.description)
        return status.rawValue
    }
}

/// Refuses `function` (start or stop) while a classify call runs on the host.
private func busy(_ function: String, _ errorSlot: UnsafeMutablePointer<lkh_error>?) -> lkh_status {
    LKHErrorSlot.write(
        errorSlot, .busy, "\(function): a linkstr_host_classify_url call is still running on this host; call it again once that returns")
    return LKH_E_BUSY
}

@c(linkstr_host_stop)
public func linkstr_host_stop(
    _ handle: OpaquePointer?, _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    guard let embedded = EmbeddedHost.from(handle) else {
        LKHErrorSlot.write(errorSlot, .invalid, "host must be a live linkstr_host (not NULL, not freed)")
        return LKH_E_INVALID
    }
    guard embedded.changingInstances({ embedded.host.stop() }) else { return busy("linkstr_host_stop", errorSlot) }
    return LKH_OK
}

@c(linkstr_host_free)
public func linkstr_host_free(_ handle: OpaquePointer?) {
    guard let handle, let embedded = LiveHandles.release(handle, as: .host, EmbeddedHost.self, by: "linkstr_host_free") else { return }
    embedded.host.stop()
}

@c(linkstr_version)
public func linkstr_version() -> UnsafePointer<CChar> {
    LinkstrVersion.cString
}

/// How the host's media providers classify a link: `{"provider","mode","canonical_url","embed_url"?}`.
private struct HostClassification: Encodable {
    let provider: String
    let mode: String
    let canonicalURL: String
    let embedURL: String?

    enum CodingKeys: String, CodingKey {
        case provider, mode
        case canonicalURL = "canonical_url"
        case embedURL = "embed_url"
    }
}
