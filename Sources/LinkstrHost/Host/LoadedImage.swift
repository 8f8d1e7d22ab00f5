import CHostSupport
import Glibc

/// The file a piece of loaded code came from: lets `liblinkstr.so` find the plugins installed beside
/// it (`<libdir>/linkstr/plugins`), whatever program embeds it.
public enum LoadedImage {
    /// The folder (symbolic links resolved) of the executable or shared library that contains
    /// `address` — pass `#dsohandle` for the calling image — or nil when the loader cannot say.
    public static func directory(containing address: UnsafeRawPointer) -> String? {
        guard let name = linkstr_image_path(address) else { return nil }
        var resolved = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard realpath(name, &resolved) != nil else { return nil }
        let path = String(decoding: resolved.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }
}
