import LinkstrHost

extension PluginFileValidation {
    /// How one call went: passed (an answer, or a clean error with a message), or what the plugin
    /// did wrong — no done in time, a garbage answer, a second done.
    struct Verdict: Sendable {
        var passed: Bool
        /// "ok", "error" (a clean refusal), "no done", "garbage", "double done", "done and error", …
        var kind: String
        var detail: String

        static func ok(_ detail: String) -> Verdict { Verdict(passed: true, kind: "ok", detail: detail) }
        static func failed(_ detail: String, kind: String) -> Verdict { Verdict(passed: false, kind: kind, detail: detail) }

        init(passed: Bool, kind: String, detail: String) {
            self.passed = passed
            self.kind = kind
            self.detail = detail
        }

        /// A failure message of the host's: the deadline and a refused answer are the plugin's fault,
        /// anything else is a clean error (a plugin may refuse a link or fail to deliver).
        init(message: String) {
            if message.contains("did not answer in") {
                self = .failed(message, kind: "no done")
            } else if message.hasSuffix("; refused") || message.contains("answered a") || message.contains("answered metadata") {
                self = .failed(message, kind: "garbage")
            } else {
                self.init(passed: true, kind: "error", detail: message)
            }
        }

        init(_ error: PluginError) {
            self.init(message: error.description)
        }

        init(_ failure: MediaFailure) {
            if case .noProvider(let reason) = failure {
                self.init(passed: true, kind: "not supported", detail: reason)
            } else {
                self.init(message: failure.description)
            }
        }
    }
}
