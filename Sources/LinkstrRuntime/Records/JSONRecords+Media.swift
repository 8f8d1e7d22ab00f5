import LinkstrHost

/// The records of the media use cases (`linkstr media`, `linkstr open`).
extension JSONRecords {
    /// How the media providers classify a link: `{"provider","mode","canonical_url","plugin","embed_url"?}`.
    public static func mediaClassification(_ classification: MediaClassification) -> [String: Any] {
        var object: [String: Any] = [
            "provider": classification.provider, "mode": classification.mode.rawValue, "canonical_url": classification.canonicalURL,
            "plugin": classification.pluginID,
        ]
        object["embed_url"] = classification.embedURL
        return object
    }

    /// A link's title and thumbnail: `{"title"?,"thumbnail"?,"thumbnail_path"?}`.
    public static func mediaMetadata(_ metadata: MediaMetadataResult) -> [String: Any] {
        var object: [String: Any] = [:]
        object["title"] = metadata.title
        object["thumbnail"] = metadata.thumbnail
        object["thumbnail_path"] = metadata.thumbnailPath
        return object
    }

    /// How to play a link now: `{"provider","mode","resolved_url","embed_url"?,"embed_html"?,"video_urls"?,"via"?}`.
    public static func mediaResolution(_ resolution: MediaResolutionResult) -> [String: Any] {
        var object: [String: Any] = ["provider": resolution.provider, "mode": resolution.mode.rawValue, "resolved_url": resolution.resolvedURL]
        object["embed_url"] = resolution.embedURL
        object["embed_html"] = resolution.embedHTML
        if !resolution.videoURLs.isEmpty { object["video_urls"] = resolution.videoURLs }
        object["via"] = resolution.via
        return object
    }

    /// A video in the cache: `{"path","bytes","cached"}`.
    public static func cachedVideo(_ video: CachedVideo) -> [String: Any] {
        ["path": video.path, "bytes": video.bytes, "cached": video.fromCache]
    }

    /// What clearing the media cache removed: `{"videos","video_bytes","preview_files"}`.
    public static func mediaCacheClearing(_ clearing: MediaCacheClearing) -> [String: Any] {
        ["videos": clearing.videos, "video_bytes": clearing.videoBytes, "preview_files": clearing.previewFiles]
    }

    /// An opened `linkstr://open` link: `{"url","format","timestamp"?,"message_guid"?,"provider"?,"mode"?,"embed_url"?}`.
    public static func openedLink(_ opened: OpenedLink) -> [String: Any] {
        var object: [String: Any] = ["url": opened.link.url, "format": opened.link.format.rawValue]
        object["timestamp"] = opened.link.timestamp
        object["message_guid"] = opened.link.messageGUID
        object["provider"] = opened.classification?.provider
        object["mode"] = opened.classification?.mode.rawValue
        object["embed_url"] = opened.classification?.embedURL
        return object
    }
}
