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

    /// Starts an extraction into `destination`. Refuses at once when the URL is not http(s), is no
    /// video of a named provider, or its host is not allowed.
    func extract(_ url: String, destination: String, progress: ProgressSink, completion: Completion) -> Result<UInt64, PluginError> {
        if let problem = Self.problem(with: url) { return .failure(PluginError(.invalid, problem)) }
        if flavor == .builtin, let link = MediaClassifier.classify(url, providers: .named), link.mode == .link {
            let error = ExtractionError.notAVideo(url)
            return .failure(PluginError(error.status, error.description))
        }
        let settings = self.settings
        let policy = fetcher.policy
        let started = operations.start {
            do throws(ExtractionError) {
                do throws(FetchError) {
                    if let parsed = URL(string: url) { try policy.check(parsed) }
                } catch {
                    throw ExtractionError.refused(error.description)
                }
                let tools = try ExtractionTools.locate(settings.toolSettings)
                let extractor = VideoExtractor(
                    tools: tools, timeout: settings.extractionTimeout, maxBytes: settings.maxVideoBytes,
                    searchPath: settings.toolSearchPath)
                let video = try await extractor.extract(url: url, into: destination) { progress.report($0, $1) }
                completion.succeed(video.json)
            } catch {
                completion.fail(error.status, error.description)
            }
        }
        guard let started else { return .failure(PluginError(.cancelled, "the media plugin is shutting down")) }
        return .success(started)
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
