/// The iPhone app's classification rules (host matching, then a mode per provider), with the improvements
/// the README lists: YouTube channel, playlist and search pages are links rather than broken embeds,
/// Rumble channel pages likewise, YouTube `/live/` and `youtube-nocookie.com` embeds are videos,
/// tracking parameters are dropped and mobile hosts canonicalised.
///
/// Pure and allocation-free: it reads the URL's bytes and writes the canonical and embed URLs into
/// caller-owned buffers. Thread rule: stateless, callable from any thread concurrently.
public enum MediaClassifier {
    /// Classifies `url` (UTF-8 bytes of an http or https URL).
    ///
    /// - Returns: the provider and mode, with `canonical` holding the canonical URL and `embed` the
    ///   embed URL (left empty in link mode); nil when no provider of `providers` claims the URL or the
    ///   URL is not an http(s) URL. Check `overflowed` on both writers.
    public static func classify(
        _ url: UnsafeBufferPointer<UInt8>, providers: ProviderSet, canonical: inout URLWriter, embed: inout URLWriter
    ) -> ClassifiedLink? {
        guard let parsed = ParsedURL(url) else { return nil }
        canonical.reset()
        embed.reset()
        return withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: PathSegments.capacity) { storage in
            let link = LinkParts(url: parsed, segments: PathSegments(parsed, storage: storage))
            if providers.includesNamed, let provider = namedProvider(of: parsed) {
                let mode: MediaLinkMode
                switch provider {
                case .tiktok: mode = tiktok(link, canonical: &canonical, embed: &embed)
                case .instagram: mode = instagram(link, canonical: &canonical, embed: &embed)
                case .facebook: mode = facebook(link, canonical: &canonical, embed: &embed)
                case .youtube: mode = youtube(link, canonical: &canonical, embed: &embed)
                case .rumble: mode = rumble(link, canonical: &canonical, embed: &embed)
                case .twitter: mode = twitter(link, canonical: &canonical, embed: &embed)
                case .generic: preconditionFailure("namedProvider(of:) never answers generic")
                }
                if mode == .link { embed.reset() }
                return ClassifiedLink(provider: provider, mode: mode)
            }
            guard providers.includesGeneric else { return nil }
            generic(link, canonical: &canonical)
            return ClassifiedLink(provider: .generic, mode: .link)
        }
    }

    /// The named provider whose hosts include the URL's host (in the iPhone app's order), or nil.
    public static func namedProvider(of url: ParsedURL) -> MediaProvider? {
        if url.hostMatches("tiktok.com") { return .tiktok }
        if url.hostMatches("instagram.com") || url.hostMatches("instagr.am") { return .instagram }
        if url.hostMatches("facebook.com") || url.hostMatches("fb.com") || url.hostMatches("fb.watch") { return .facebook }
        if url.hostMatches("youtube.com") || url.hostMatches("youtu.be") || url.hostMatches("youtube-nocookie.com") {
            return .youtube
        }
        if url.hostMatches("rumble.com") || url.hostMatches("rumble.video") { return .rumble }
        if url.hostMatches("x.com") || url.hostMatches("twitter.com") || url.hostMatches("fixupx.com")
            || url.hostMatches("fxtwitter.com") || url.hostMatches("vxtwitter.com")
        {
            return .twitter
        }
        return nil
    }

    /// Every other link: scheme and host lowercased, the default port and tracking parameters
    /// dropped, everything else (user info, path, other parameters, fragment) kept.
    static func generic(_ link: LinkParts, canonical: inout URLWriter) {
        let url = link.url
        canonical.appendLowercased(link.bytes, url.scheme)
        canonical.append("://")
        if let userInfo = url.userInfo {
            canonical.append(link.bytes, userInfo)
            canonical.append(byte: UInt8(ascii: "@"))
        }
        canonical.appendLowercased(link.bytes, url.host)
        if let port = url.port {
            let isDefault = url.isHTTPS ? link.bytes.equals(port, "443") : link.bytes.equals(port, "80")
            if !isDefault {
                canonical.append(byte: UInt8(ascii: ":"))
                canonical.append(link.bytes, port)
            }
        }
        canonical.append(link.bytes, url.path)
        link.appendQuery(to: &canonical) { !TrackingParameters.contains(link.bytes, $0) }
        if let fragment = url.fragment {
            canonical.append(byte: UInt8(ascii: "#"))
            canonical.append(link.bytes, fragment)
        }
    }

    /// `https://<host><path>` without query or fragment: the canonical form of a named provider's
    /// non-video page.
    static func pagePath(_ link: LinkParts, host: StaticString, canonical: inout URLWriter) {
        canonical.append("https://")
        canonical.append(host)
        canonical.append(link.bytes, link.url.path)
    }
}

extension MediaClassifier {
    /// Classifies a Swift string (allocates the result's strings; for tests and tools).
    public static func classify(_ url: String, providers: ProviderSet = .all) -> MediaLinkClassification? {
        var url = url
        return url.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(byteCount: 2 * urlCapacity, alignment: 1) { raw in
                var canonical = URLWriter(UnsafeMutableRawBufferPointer(rebasing: raw[..<urlCapacity]))
                var embed = URLWriter(UnsafeMutableRawBufferPointer(rebasing: raw[urlCapacity...]))
                guard let link = classify(bytes, providers: providers, canonical: &canonical, embed: &embed),
                    !canonical.overflowed, !embed.overflowed
                else { return nil }
                return MediaLinkClassification(
                    provider: link.provider, mode: link.mode,
                    canonicalURL: String(decoding: canonical.written, as: UTF8.self),
                    embedURL: embed.isEmpty ? nil : String(decoding: embed.written, as: UTF8.self))
            }
        }
    }

    /// The size of the URL fields of `lkh_media_classification` (including the NUL).
    public static let urlCapacity = 2048
}
