import Foundation
import LinkstrHost
import Synchronization

/// The calls of `plugins validate` on one plugin file, run in the process that may crash or hang in
/// them: loads the file on a host of its own and exercises every capability it provides — a media
/// provider's classify, metadata and resolve, a notifier's notify with each kind, a storage plugin
/// through the conformance checks — with ordinary, hostile and huge inputs. Before each call it
/// reports a line naming the call, after it one with the outcome, so that whoever watches the
/// process can name the call in which it crashed or hung.
public final class PluginFileValidation: Sendable {
    /// The storage conformance checks on a plugin file with its settings, run by the caller (in a
    /// process of their own: they bring a fake host of their own, and a crash takes that one down).
    public typealias StorageConformance = @Sendable (_ path: String, _ settings: [String: String]) throws(LinkstrError) -> [ConformanceCheck]

    let path: String
    /// The plugin's settings (`--set`).
    let settings: [String: String]
    /// The deadline of one asynchronous call, in seconds.
    let callTimeoutSeconds: Double
    var callTimeout: Duration { .milliseconds(Int64(callTimeoutSeconds * 1000)) }
    /// The ordinary link a media provider gets.
    let url: String

    /// Misuse lines the host logs (a second done, an error after done), collected per call.
    private let misuse = Mutex<[String]>([])
    private let storageConformance: StorageConformance
    private let report: @Sendable (Line) -> Void

    /// - Parameter report: called with each line, in order, from the calling thread.
    public init(
        path: String, settings: [String: String], callTimeoutSeconds: Double, url: String, storageConformance: @escaping StorageConformance,
        report: @escaping @Sendable (Line) -> Void
    ) {
        self.path = path
        self.settings = settings
        self.callTimeoutSeconds = callTimeoutSeconds
        self.url = url
        self.storageConformance = storageConformance
        self.report = report
    }

    /// Loads the file and exercises it on a host with `home`'s paths and configuration.
    public func run(home: LinkstrHost) {
        let plugin: LoadedPlugin
        do {
            plugin = try PluginLoader.load(path: path)
        } catch {
            report(Line(call: "load", input: "file", passed: false, outcome: "refused", detail: error.description, ms: 0))
            return
        }
        report(Line(plugin: plugin.id, version: plugin.version, provides: plugin.provides))
        var configuration = home.configuration
        configuration.pluginSettings[plugin.id, default: [:]].merge(settings) { _, given in given }
        configuration.pluginSettings[plugin.id, default: [:]]["include_content"] = "true"
        configuration.pluginSettings[plugin.id, default: [:]]["answer_timeout_seconds"] = settings["answer_timeout_seconds"] ?? String(callTimeoutSeconds)
        configuration.notifiers = [plugin.id]
        configuration.mediaProviders = [plugin.id]
        let log = HostLog(threshold: .warn) { line in
            if line.contains("done") { self.misuse.withLock { $0.append(line) } }
        }
        let host = LinkstrHost(paths: home.paths, configuration: configuration, log: log)
        host.loadPlugins(discovery: PluginDiscovery(files: [path]))
        defer { host.stop() }
        for capability in plugin.provides {
            switch capability {
            case CapabilityID.mediaProvider: validateMediaProvider(host)
            case CapabilityID.notifier: validateNotifier(host)
            case CapabilityID.storage: validateStorage()
            default: report(Line(call: "none", capability: capability, input: "-", passed: true, outcome: "not exercised", ms: 0))
            }
        }
    }

    /// The inputs of each call: an ordinary one, a hostile one (controls, a bidirectional override,
    /// markup) and a huge one.
    private func links() -> [(String, String)] {
        let origin = URLComponents(string: url).map { components in
            "\(components.scheme ?? "https")://\(components.host ?? "example.com")" + (components.port.map { ":\($0)" } ?? "")
        } ?? "https://example.com"
        return [
            ("ordinary", url),
            ("hostile", origin + "/%00/<script>alert(1)</script>?q=%1B%5B2J&r=\u{202E}evil"),
            ("huge", origin + "/" + String(repeating: "a", count: 64 * 1024)),
        ]
    }

    private func validateMediaProvider(_ host: LinkstrHost) {
        let media = MediaRuntime(host: host)
        let capability = CapabilityID.mediaProvider
        // Each request a third of the call's deadline: a provider that makes two still answers in time.
        let requestTimeout = callTimeout / 3
        for (input, link) in links() {
            exercise(capability, "classify", input) { () async -> Verdict in
                do throws(PluginError) {
                    let answer = try media.classify(link)
                    return .ok(answer.map { "claims it as \($0.provider) (\($0.mode.rawValue))" } ?? "does not claim it")
                } catch {
                    return Verdict(error)
                }
            }
            exercise(capability, "fetch_metadata", input) { () async -> Verdict in
                do throws(MediaFailure) {
                    let answer = try await media.fetchMetadata(link, timeout: requestTimeout)
                    return .ok(answer.title.map { "title \"\($0.prefix(60))\"" } ?? "no title")
                } catch {
                    return Verdict(error)
                }
            }
            exercise(capability, "resolve", input) { () async -> Verdict in
                do throws(MediaFailure) {
                    let answer = try await media.resolve(link, timeout: requestTimeout)
                    return .ok("\(answer.mode.rawValue) \(answer.resolvedURL.prefix(60))")
                } catch {
                    return Verdict(error)
                }
            }
        }
    }

    private func validateNotifier(_ host: LinkstrHost) {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("linkstr-validate-\(UUID().uuidString.prefix(8))").path
        try? FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(atPath: state) }
        let dispatcher = NotificationDispatcher.start(host: host, stateDirectory: state)
        defer { dispatcher.stop() }
        let kinds: [NotificationKind] = [.post, .reaction, .test, .saved, .notSaved, .permission]
        let inputs: [(String, String)] = [
            ("ordinary", "for Sunday"),
            ("hostile", "\u{1B}[2J\u{202E}<b>bold</b> & \"quotes\"\n\u{0}\u{7F}"),
            ("huge", String(repeating: "long note ", count: 100_000)),
        ]
        for kind in kinds {
            for (input, note) in inputs {
                let request = NotificationRequest(
                    id: "validate-\(kind.rawValue)-\(input)-\(UUID().uuidString.prefix(8))", kind: kind, sessionName: "Weekend",
                    senderName: input == "hostile" ? note : "Alice", url: url, note: note, emoji: kind == .reaction ? "🔥" : nil,
                    createdAt: Int64(Date().timeIntervalSince1970), deepLink: "linkstr://open?p=0a0a")
                exercise(CapabilityID.notifier, "notify \(kind.rawValue)", input) { () async -> Verdict in
                    guard let result = await dispatcher.deliver(request).results.first else { return .failed("no notifier started", kind: "failed") }
                    if result.ok { return .ok("delivered") }
                    return Verdict(message: result.error ?? "")
                }
            }
        }
    }

    private func validateStorage() {
        let started = ContinuousClock.now
        report(Line(call: "conformance", capability: CapabilityID.storage, input: "checks"))
        do {
            let checks = try storageConformance(path, settings)
            let elapsed = milliseconds(ContinuousClock.now - started)
            for check in checks {
                report(
                    Line(
                        call: "conformance: " + check.name, capability: CapabilityID.storage, input: "checks", passed: check.passed,
                        outcome: check.passed ? (check.skipped == nil ? "ok" : "skipped") : "failed",
                        detail: check.skipped ?? check.failures.joined(separator: "; "), ms: elapsed))
            }
        } catch {
            report(Line(call: "conformance", capability: CapabilityID.storage, input: "checks", passed: false, outcome: "refused", detail: error.description, ms: 0))
        }
    }

    /// Runs one call: a line before it, its verdict (with the misuse the host logged meanwhile) after.
    private func exercise(_ capability: String, _ call: String, _ input: String, _ body: @escaping @Sendable () async -> Verdict) {
        report(Line(call: call, capability: capability, input: input))
        misuse.withLock { $0.removeAll() }
        let started = ContinuousClock.now
        var verdict = Self.wait(body)
        let elapsed = milliseconds(ContinuousClock.now - started)
        // A second done may come just after the first.
        Thread.sleep(forTimeInterval: 0.1)
        if let line = misuse.withLock({ $0.first }) {
            let kind = line.contains("twice") ? "double done" : "done and error"
            verdict = .failed(line.components(separatedBy: "] ").dropFirst().joined(separator: "] "), kind: kind)
        }
        report(Line(call: call, capability: capability, input: input, passed: verdict.passed, outcome: verdict.kind, detail: verdict.detail, ms: elapsed))
    }

    /// Runs `body` to its end from this synchronous command.
    private static func wait(_ body: @escaping @Sendable () async -> Verdict) -> Verdict {
        let result = Mutex<Verdict?>(nil)
        let finished = DispatchSemaphore(value: 0)
        Task {
            let verdict = await body()
            result.withLock { $0 = verdict }
            finished.signal()
        }
        finished.wait()
        return result.withLock { $0 } ?? .failed("no verdict", kind: "failed")
    }

    private func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }
}

extension PluginFileValidation {
    /// One line of the validation: the plugin (`plugin`, `version`, `provides`), a call about to run
    /// (`call`, `capability`, `input`), or its verdict (those and `passed`, `outcome`, `detail`, `ms`).
    public struct Line: Codable, Sendable {
        public var plugin: String?
        public var version: String?
        public var provides: [String]?
        public var call: String?
        public var capability: String?
        public var input: String?
        public var passed: Bool?
        public var outcome: String?
        public var detail: String?
        public var ms: Int64?

        init(
            plugin: String? = nil, version: String? = nil, provides: [String]? = nil, call: String? = nil, capability: String? = nil,
            input: String? = nil, passed: Bool? = nil, outcome: String? = nil, detail: String? = nil, ms: Int64? = nil
        ) {
            self.plugin = plugin
            self.version = version
            self.provides = provides
            self.call = call
            self.capability = capability
            self.input = input
            self.passed = passed
            self.outcome = outcome
            self.detail = detail
            self.ms = ms
        }
    }

    /// One storage conformance check: its name, whether it passed, why not, or why it did not apply.
    public struct ConformanceCheck: Codable, Sendable {
        public var name: String
        public var passed: Bool
        public var failures: [String]
        /// Why the check did not apply (it passed without running), or nil.
        public var skipped: String?

        public init(name: String, passed: Bool, failures: [String], skipped: String?) {
            self.name = name
            self.passed = passed
            self.failures = failures
            self.skipped = skipped
        }
    }
}
