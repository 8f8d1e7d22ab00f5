import LinkstrPluginKit
import StrictJSON

extension PublishOperation.State {
    /// Decides whether done runs now (see ``PublishOperation``); if so marks it running, decides
    /// whether answers are still to come, and stops the timer when none are.
    mutating func completion(timedOut: Bool) -> PublishCompletion? {
        guard done == .pending else { return nil }
        let answers = relays.compactMap { targets[$0] }
        let anyAccepted = answers.contains { $0.isAccepted }
        let allFinal = answers.allSatisfy { $0.isFinal }
        let anyInFlight = answers.contains { $0.isInFlight }
        guard timedOut || allFinal || (anyAccepted && (answersAfterDone || !anyInFlight)) else { return nil }
        done = .running
        over = timedOut || !answersAfterDone || !anyInFlight
        if over {
            timer?.cancel()
        } else {
            // Only the relays that have the event answer after done; the others never get it.
            for relay in relays where targets[relay] == .waiting { targets[relay] = .dropped(reason: Self.notSent) }
        }
        let result = resultJSON(timedOut: timedOut)
        if anyAccepted {
            return PublishCompletion(status: .ok, message: "", result: result)
        }
        if let (relay, message) = firstRefusal() {
            return PublishCompletion(
                status: Self.status(forRefusal: message), message: "\(relay) refused the event: \(message)", result: result)
        }
        if timedOut {
            let milliseconds = timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000
            let reasons = relays.map { "\($0): \(Self.describe(targets[$0] ?? .waiting, timedOut: true))" }.joined(separator: "; ")
            return PublishCompletion(
                status: .timeout, message: "no relay confirmed the event within \(milliseconds) ms (\(reasons))", result: result)
        }
        let reasons = relays.map { "\($0): \(Self.describe(targets[$0] ?? .waiting, timedOut: false))" }.joined(separator: "; ")
        return PublishCompletion(status: .io, message: "no relay confirmed the event (\(reasons))", result: result)
    }

    /// `[{"relay":"…","accepted":…,"message":"…","pending"?:true}]`, one entry per relay in the pool's
    /// order; `pending` marks a relay whose answer comes after done.
    func resultJSON(timedOut: Bool) -> String {
        let entries = relays.map { relay -> String in
            let target = targets[relay] ?? .waiting
            return "{\"relay\":" + JSONWriter.quoted(relay) + ",\"accepted\":" + (target.isAccepted ? "true" : "false")
                + ",\"message\":" + JSONWriter.quoted(Self.describe(target, timedOut: timedOut))
                + (!over && target.isInFlight ? ",\"pending\":true}" : "}")
        }
        return "[" + entries.joined(separator: ",") + "]"
    }

    private func firstRefusal() -> (String, String)? {
        for relay in relays {
            if case .refused(let message) = targets[relay] { return (relay, message) }
        }
        return nil
    }

    static let notSent = "not sent: the relay was not connected"

    /// The message of one relay's entry: the relay's own words, or what happened instead.
    static func describe(_ target: PublishTarget, timedOut: Bool) -> String {
        switch target {
        case .accepted(let message), .refused(let message): message
        case .dropped(let reason): reason
        case .waiting: notSent
        case .sent: timedOut ? "no answer before the timeout" : "waiting for an answer"
        case .authenticating: timedOut ? "NIP-42 authentication did not finish before the timeout" : "authenticating"
        }
    }

    /// The status of a publish every relay refused, from the first refusal's NIP-01 prefix.
    static func status(forRefusal message: String) -> LKHStatus {
        let prefix = message.prefix { $0 != ":" }
        switch prefix {
        case "rate-limited": return .busy
        case "invalid", "pow": return .invalid
        case "blocked", "restricted", "auth-required": return .permission
        default: return .io
        }
    }
}
