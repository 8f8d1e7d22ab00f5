import CLinkstr
import LinkstrPluginKit
import LinkstrRuntime

/// `linkstr_runtime_options` as the runtime's configuration, once the program's API version and the
/// struct's size are known to fit this library.
enum RuntimeOptions {
    static func configuration(_ options: UnsafePointer<linkstr_runtime_options>?) throws(EmbeddedFailure) -> RuntimeConfiguration {
        guard let options else { throw EmbeddedFailure.null("options") }
        // The struct of API 1.0 ends with `storage`.
        let expected = MemoryLayout<linkstr_runtime_options>.offset(of: \linkstr_runtime_options.storage)! + MemoryLayout<UnsafePointer<CChar>?>.size
        let size = UnsafeRawPointer(options).load(as: UInt32.self)
        let sizeAdvice = "set struct_size to sizeof(linkstr_runtime_options), or use LINKSTR_RUNTIME_OPTIONS_INIT"
        guard StructSize.contains(size, \linkstr_runtime_options.api_minor) else {
            throw EmbeddedFailure(.invalid, "linkstr_runtime_options.struct_size is \(size), too small to hold the API version; \(sizeAdvice)")
        }
        let (major, minor) = (options.pointee.api_major, options.pointee.api_minor)
        guard major == LINKSTR_API_MAJOR, minor <= LINKSTR_API_MINOR else {
            throw EmbeddedFailure(
                .unsupported,
                "this program was built for linkstr API \(major).\(minor), but liblinkstr.so \(LinkstrVersion.string) provides API "
                    + "\(LINKSTR_API_MAJOR).\(LINKSTR_API_MINOR); "
                    + "build it against this library's linkstr.h or install a liblinkstr.so that provides it")
        }
        guard StructSize.contains(size, \linkstr_runtime_options.storage) else {
            throw EmbeddedFailure(
                .invalid, "linkstr_runtime_options.struct_size is \(size), less than the \(expected) bytes of API \(major).0; \(sizeAdvice)")
        }
        var configuration = RuntimeConfiguration(
            home: RuntimeCall.optionalText(options.pointee.home), configFile: RuntimeCall.optionalText(options.pointee.config_path),
            storage: RuntimeCall.optionalText(options.pointee.storage), libraryDirectory: LibraryLocation.directory)
        if StructSize.contains(size, \linkstr_runtime_options.auth_url_user_data), let callback = options.pointee.on_auth_url {
            let target = AuthURLTarget(callback: callback, userData: options.pointee.auth_url_user_data)
            configuration.onAuthURL = { url in target.tell(url) }
        }
        return configuration
    }
}

/// The program's `on_auth_url` and its user data. (`@unchecked`: the program answers for the user
/// data; linkstr only passes it back.)
private struct AuthURLTarget: @unchecked Sendable {
    let callback: linkstr_auth_url_fn
    let userData: UnsafeMutableRawPointer?

    func tell(_ url: String) {
        url.withCString { callback(userData, $0) }
    }
}
