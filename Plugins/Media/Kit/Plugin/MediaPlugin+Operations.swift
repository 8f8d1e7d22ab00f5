import Foundation
import LinkstrPluginKit
import PluginABI

extension MediaPlugin {
    /// Starts a metadata fetch. Refuses at once (and never calls `done`) when the URL is not http(s).
    func fetchMetadata(_ url: String, timeoutMilliseconds: UInt32, completion: Completion) -> Result<UInt64, PluginError> {
        if let problem = Self.problem(with: url) { return .failure(PluginError(.invalid, problem)) }
        let link = MediaClassifier.classify(url, providers: flavor.providers)
        let timeout = Duration.milliseconds(timeoutMilliseconds == 0 ? 6000 : Int64(timeoutMilliseconds))
        let service = metadata
        let started = operations.start {
            do throws(FetchError) {
                let result = try await service.metadata(for: url, link: link, timeout: timeout)
                completion.succeed(result.json)
            } catch {
                completion.fail(error.status, error.description)
            }
        }
        guard let started else { return .failure(PluginError(.cancelled, "the media plugin is shutting down")) }
        return .success(started)
    }

    /// Starts a runtime resolution. Refuses at once when the URL is not http(s)
    /// (`LKH_E_INVALID`) or no named provider claims it (`LKH_E_NOT_FOUND`).
    func resolve(_ url: String, timeoutMilliseconds: UInt32, completion: Completion) -> Result<UInt64, PluginError> {
        if let problem = Self.problem(with: url) { return .failure(PluginError(.invalid, problem)) }
        guard MediaClassifier.classify(url, providers: flavor.providers) != nil else {
            return .failure(PluginError(.notFound, "\(flavor.pluginID) does not claim \(url)"))
        }
        let timeout = timeoutMilliseconds == 0 ? nil : Duration.milliseconds(Int64(timeoutMilliseconds))
        let resolver = self.resolver
        let started = operations.start {
            do throws(FetchError) {
                guard let resolution = try await resolver.resolve(url, timeout: timeout) else {
                    completion.fail(.notFound, "no provider of this plugin claims \(url)")
                    return
                }
                completion.succeed(resolution.json)
            } catch {
                completion.fail(error.status, error.description)
            }
        }
        guard let started else { return .failure(PluginError(.cancelled, "the media plugin is shutting down")) }
        return .success(started)
    }

    /// Starts an extraction into `destination`. Refuses at once when the URL is not http(s), is no
    /// video of a named provider, or its host is not allowed.
    ///
    /// Facebook share links are resolved first and their reel or video is extracted; an
    /// X status is asked for its video first: none → refused ("does not include a playable video"),
    /// else the direct video URLs of the status API are tried before the status page.
    func extract(_ url: String, destination: String, progress: ProgressSink, completion: Completion) -> Result<UInt64, PluginError> {
        if let problem = Self.problem(with: url) { return .failure(PluginError(.invalid, problem)) }
        let link = flavor == .builtin ? MediaClassifier.classify(url, providers: .named) : nil
        if let link, link.mode == .link {
            let error = ExtractionError.notAVideo(url)
            return .failure(PluginError(error.status, error.description))
        }
        let settings = self.settings
        let policy = fetcher.policy
        let resolver = self.resolver
        let started = operations.start {
            do throws(ExtractionError) {
                let targets = try await Self.extractionTargets(url, link: link, resolver: resolver)
                var lastError = ExtractionError.notAVideo(url)
                for target in targets {
                    do throws(ExtractionError) {
                        do throws(FetchError) {
                            if let parsed = URL(string: target) { try policy.check(parsed) }
                        } catch {
                            throw ExtractionError.refused(error.description)
                        }
                        let tools = try ExtractionTools.locate(settings.toolSettings)
                        let extractor = VideoExtractor(
                            tools: tools, timeout: settings.extractionTimeout, maxBytes: settings.maxVideoBytes,
                            searchPath: settings.toolSearchPath, naming: settings.cacheNaming, policy: policy)
                        let video = try await extractor.extract(url: target, into: destination) { progress.report($0, $1) }
                        completion.succeed(video.json)
                        return
                    } catch {
                        // Cancellation, a timeout and missing tools end the attempt; another candidate may
                        // work after a refused or failed one.
                        switch error {
                        case .cancelled, .timeout, .missingYtDlp, .missingFFmpeg, .destination: throw error
                        default: lastError = error
                        }
                    }
                }
                throw lastError
            } catch {
                completion.fail(error.status, error.description)
            }
        }
        guard let started else { return .failure(PluginError(.cancelled, "the media plugin is shutting down")) }
        return .success(started)
    }

    /// The URLs to hand yt-dlp, in order: for a Facebook share link its resolved reel or video URL;
    /// for an X status with a video the status API's direct video URLs, then the status URL; else
    /// `url` itself.
    private static func extractionTargets(
        _ url: String, link: MediaLinkClassification?, resolver: RuntimeResolver
    ) async throws(ExtractionError) -> [String] {
        guard let link else { return [url] }
        let isShareLink = link.provider == .facebook && URL(string: link.canonicalURL).map(FacebookShareRules.isShareLink) == true
        guard isShareLink || link.provider == .twitter else { return [url] }
        let resolution: MediaResolution?
        do throws(FetchError) {
            resolution = try await resolver.resolve(url)
        } catch {
            throw .cancelled
        }
        guard let resolution else { return [url] }
        if link.provider == .twitter {
            guard resolution.mode == .extraction else { throw .noPlayableVideo(url) }
            // An X source accepts video only from twimg.com or X's own hosts.
            let direct = resolution.videoURLs.filter { candidate in
                guard let host = URL(string: candidate)?.host?.lowercased() else { return false }
                return host == "twimg.com" || host.hasSuffix(".twimg.com")
                    || MediaClassifier.classify(candidate, providers: .named)?.provider == .twitter
            }
            return direct + [resolution.resolvedURL]
        }
        guard resolution.mode != .link else { throw .notAVideo(resolution.resolvedURL) }
        return [resolution.resolvedURL]
    }

    /// Why `url` is not an http(s) URL these functions accept, or nil. Checked with the same byte
    /// parser as classification, so `javascript:`, `file:`, `ftp:` and URLs that start with `-` are
    /// refused before anything runs.
    static func problem(with url: String) -> String? {
        var copy = url
        let parses = copy.withUTF8 { ParsedURL($0) != nil }
        guard parses, !url.hasPrefix("-"), URL(string: url) != nil else {
            return "'\(url)' is not an http or https URL; only web links are fetched"
        }
        return nil
    }
}
