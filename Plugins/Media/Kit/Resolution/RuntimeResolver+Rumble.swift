import Foundation

extension RuntimeResolver {
    /// Rumble's oEmbed for the video page; the iframe URL replaces the static embed URL
    /// when it is on a Rumble host.
    func resolveRumble(_ link: MediaLinkClassification, timeout: Duration) async -> MediaResolution {
        guard let request = Self.appending("url=" + OEmbed.encodeQueryValue(link.canonicalURL), to: settings.rumbleOEmbed),
            let answer = await get(request, timeout: timeout, maxBytes: Self.jsonCap, accept: "application/json"),
            let iframe = RumbleEmbed.iframeURL(fromOEmbed: answer.body)
        else {
            return MediaResolution(link, via: .none)
        }
        return MediaResolution(provider: .rumble, mode: .embed, resolvedURL: link.canonicalURL, embedURL: iframe, via: .oEmbed)
    }
}
