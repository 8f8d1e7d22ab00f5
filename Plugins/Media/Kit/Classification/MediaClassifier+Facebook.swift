extension MediaClassifier {
    /// Facebook: reels (`reel`/`reels`/`r` followed by a token of 4+ characters, or
    /// `share/r/…`) are extraction-preferred; `fb.watch` links, `/videos/…`, `share/v/…`, `watch/v/…`
    /// and links with a `v`/`video_id`/`story_fbid` parameter embed-only; everything else a link.
    /// Embed: the `/plugins/video.php` player (540×960 for reels, 560×315 otherwise).
    ///
    /// Canonical: mobile and other hosts become `www.facebook.com`; reels
    /// `https://www.facebook.com/reel/<id>/`, videos `https://www.facebook.com/watch/?v=<id>`; other
    /// pages keep their path and only the parameters that select content (`v`, `video_id`,
    /// `story_fbid`, `id`, `fbid`). `fb.watch` links are kept as they are.
    static func facebook(_ link: LinkParts, canonical: inout URLWriter, embed: inout URLWriter) -> MediaLinkMode {
        let bytes = link.bytes
        let segments = link.segments
        let url = link.url
        let isFBWatch = url.hostMatches("fb.watch")

        var reelIndex: Int?
        for index in 0..<segments.count where reelIndex == nil {
            let segment = segments[index]
            let isMarker = bytes.equalsIgnoringCase(segment, "reel") || bytes.equalsIgnoringCase(segment, "reels")
                || bytes.equalsIgnoringCase(segment, "r")
            if isMarker, let token = segments.next(after: index), token.count >= 4 { reelIndex = index }
        }
        let isReel = reelIndex != nil || link.hasSegmentPair("share", "r")
        let videosIndex = link.segmentIndex("videos")
        let isVideo = isFBWatch || videosIndex != nil || link.hasSegmentPair("share", "v") || link.hasSegmentPair("watch", "v")
            || url.hasQueryKey("v") || url.hasQueryKey("video_id") || url.hasQueryKey("story_fbid")
        let mode: MediaLinkMode = isReel ? .extraction : isVideo ? .embed : .link

        let watchID = url.queryValue("v")
        if isFBWatch {
            canonical.append("https://")
            canonical.appendLowercased(bytes, url.matchHost)
            canonical.append(bytes, url.path)
        } else if let reelIndex, !bytes.equalsIgnoringCase(segments[reelIndex], "r"), let token = segments.next(after: reelIndex) {
            canonical.append("https://www.facebook.com/reel/")
            canonical.append(bytes, token)
            canonical.append(byte: UInt8(ascii: "/"))
        } else if let videosIndex, let id = segments.next(after: videosIndex), bytes.isAllDigits(id) {
            canonical.append("https://www.facebook.com/watch/?v=")
            canonical.append(bytes, id)
        } else if segments.count == 1, bytes.equalsIgnoringCase(segments[0], "watch"), let watchID, !watchID.isEmpty {
            canonical.append("https://www.facebook.com/watch/?v=")
            canonical.append(bytes, watchID)
        } else {
            pagePath(link, host: "www.facebook.com", canonical: &canonical)
            let isPlayer = bytes.hasPrefixIgnoringCase(url.path, "/plugins/video.php")
            link.appendQuery(to: &canonical) { key in
                if isPlayer { return !TrackingParameters.contains(bytes, key) }
                return bytes.equals(key, "v") || bytes.equals(key, "video_id") || bytes.equals(key, "story_fbid")
                    || bytes.equals(key, "id") || bytes.equals(key, "fbid")
            }
            if isPlayer {
                embed.append(contentsOf: canonical)
                return mode
            }
        }
        guard mode != .link else { return .link }
        embed.append("https://www.facebook.com/plugins/video.php?href=")
        embed.appendQueryValueEncoding(canonical.written)
        embed.append(isReel ? "&show_text=false&width=540&height=960&autoplay=false" : "&show_text=false&width=560&height=315&autoplay=false")
        return mode
    }
}
