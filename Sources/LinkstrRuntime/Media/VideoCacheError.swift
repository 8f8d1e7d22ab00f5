/// A video cache operation that failed, with the path and the cause.
public enum VideoCacheError: Error, Equatable, Sendable, CustomStringConvertible {
    case io(String)
    case tooLarge(bytes: Int64, budget: Int64)

    public var description: String {
        switch self {
        case .io(let reason): reason
        case .tooLarge(let bytes, let budget):
            "the video (\(bytes) bytes) is larger than the whole video cache (media_cache_bytes = \(budget)); raise media_cache_bytes in config.toml"
        }
    }
}
