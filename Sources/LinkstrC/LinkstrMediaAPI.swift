import CLinkstr
import LinkstrRuntime
import PluginABI

// Media: what the media providers say about a link, as `linkstr media resolve` and `linkstr media
// metadata`, with the same records and sentences. No account is needed.

@c(linkstr_media_resolve)
public func linkstr_media_resolve(
    _ handle: OpaquePointer?, _ url: UnsafePointer<CChar>?, _ timeoutMilliseconds: UInt32,
    _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    RuntimeCall.record(outJSON, errorSlot) { () throws(EmbeddedFailure) in
        let url = try mediaLink(url)
        let timeout: Duration? = timeoutMilliseconds == 0 ? nil : .milliseconds(timeoutMilliseconds)
        let resolution = try EmbeddedRuntime.from(handle).media { media throws(LinkstrError) in
            do throws(MediaFailure) {
                return try await media.resolve(url, timeout: timeout)
            } catch {
                throw LinkstrError(error, "cannot resolve \(url)")
            }
        }
        return JSONRecords.Resolution(resolution)
    }
}

@c(linkstr_media_metadata)
public func linkstr_media_metadata(
    _ handle: OpaquePointer?, _ url: UnsafePointer<CChar>?, _ timeoutMilliseconds: UInt32,
    _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ errorSlot: UnsafeMutablePointer<lkh_error>?
) -> lkh_status {
    RuntimeCall.record(outJSON, errorSlot) { () throws(EmbeddedFailure) in
        let url = try mediaLink(url)
        let timeout: Duration = .milliseconds(timeoutMilliseconds == 0 ? 6000 : timeoutMilliseconds)
        let metadata = try EmbeddedRuntime.from(handle).media { media throws(LinkstrError) in
            do throws(MediaFailure) {
                return try await media.fetchMetadata(url, timeout: timeout)
            } catch {
                throw LinkstrError(error, "no metadata for \(url)")
            }
        }
        return JSONRecords.Metadata(metadata)
    }
}

/// The required `url` argument, normalised as the media commands take it.
private func mediaLink(_ pointer: UnsafePointer<CChar>?) throws(EmbeddedFailure) -> String {
    let text = try RuntimeCall.text(pointer, "url")
    do {
        return try MediaRuntime.link(text)
    } catch {
        throw EmbeddedFailure(error)
    }
}
