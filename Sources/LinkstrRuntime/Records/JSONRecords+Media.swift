import LinkstrHost

/// The records of the media use cases (`linkstr media`, `linkstr open`).
extension JSONRecords {
    /// How the media providers classify a link: `{"provider","mode","canonical_url","plugin","embed_url"?}`.
    public struct Classification: Encodable, Sendable {
        public let provider: String
        public let mode: String
        public let canonicalURL: String
        /// The plugin that classified it.
        public let plugin: String
        public let embedURL: String?

        public init(_ classification: MediaClassification) {
            (provider, mode, canonicalURL) = (classification.provider, classification.mode.rawValue, classification.canonicalURL)
            (plugin, embedURL) = (classification.pluginID, classification.embedURL)
        }

        enum CodingKeys: String, CodingKey {
            case provider, mode, plugin
            case canonicalURL = "canonical_url"
            case embedURL = "embed_url"
        }
    }

    /// A link's title and thumbnail: `{"title"?,"thumbnail"?,"thumbnail_path"?}`.
    public struct Metadata: Encodable, Sendable {
        public let title: String?
        public let thumbnail: String?
        public let thumbnailPath: String?

        public init(_ metadata: MediaMetadataResult) {
            (title, thumbnail, thumbnailPath) = (metadata.title, metadata.thumbnail, metadata.thumbnailPath)
        }

        enum CodingKeys: String, CodingKey {
            case title, thumbnail
            case thumbnailPath = "thumbnail_path"
        }
    }

    /// How to play a link now: `{"provider","mode","resolved_url","embed_url"?,"embed_html"?,"video_urls"?,"via"?}`.
    public struct Resolution: Encodable, Sendable {
        public let provider: String
        public let mode: String
        public let resolvedURL: String
        public let embedURL: String?
        public let embedHTML: String?
        /// Left out when there is none.
        public let videoURLs: [String]?
        public let via: String?

        public init(_ resolution: MediaResolutionResult) {
            (provider, mode, resolvedURL) = (resolution.provider, resolution.mode.rawValue, resolution.resolvedURL)
            (embedURL, embedHTML, via) = (resolution.embedURL, resolution.embedHTML, resolution.via)
            videoURLs = resolution.videoURLs.isEmpty ? nil : resolution.videoURLs
        }

        enum CodingKeys: String, CodingKey {
            case provider, mode, via
            case resolvedURL = "resolved_url"
            case embedURL = "embed_url"
            case embedHTML = "embed_html"
            case videoURLs = "video_urls"
        }
    }

    /// A video in the cache: `{"path","bytes","cached"}`.
    public struct Video: Encodable, Sendable {
        public let path: String
        public let bytes: Int64
        /// Whether it was in the cache already.
        public let cached: Bool

        public init(_ video: CachedVideo) {
            (path, bytes, cached) = (video.path, video.bytes, video.fromCache)
        }
    }

    /// What clearing the media cache removed: `{"videos","video_bytes","preview_files"}`.
    public struct CacheClearing: Encodable, Sendable {
        public let videos: Int
        public let videoBytes: Int64
        public let previewFiles: Int

        public init(_ clearing: MediaCacheClearing) {
            (videos, videoBytes, previewFiles) = (clearing.videos, clearing.videoBytes, clearing.previewFiles)
        }

        enum CodingKeys: String, CodingKey {
            case videos
            case videoBytes = "video_bytes"
            case previewFiles = "preview_files"
        }
    }

    /// An opened `linkstr://open` link: `{"url","format","timestamp"?,"message_guid"?,"provider"?,"mode"?,"embed_url"?}`.
    public struct OpenedLinkRow: Encodable, Sendable {
        public let url: String
        public let format: String
        public let timestamp: Int64?
        public let messageGUID: String?
        public let provider: String?
        public let mode: String?
        public let embedURL: String?

        public init(_ opened: OpenedLink) {
            (url, format, timestamp, messageGUID) = (opened.link.url, opened.link.format.rawValue, opened.link.timestamp, opened.link.messageGUID)
            (provider, mode, embedURL) = (opened.classification?.provider, opened.classification?.mode.rawValue, opened.classification?.embedURL)
        }

        enum CodingKeys: String, CodingKey {
            case url, format, timestamp, provider, mode
            case messageGUID = "message_guid"
            case embedURL = "embed_url"
        }
    }
}
