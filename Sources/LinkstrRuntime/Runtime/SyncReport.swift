import LinkstrEngine

/// What a sync did (`linkstr sync --json`: `{"received","accepted","staged","rejected"}`).
public struct SyncReport: Sendable, Equatable {
    /// Gift wraps the relays delivered (each once).
    public var received = 0
    /// Rumors that changed state (including merged deliveries of a known post).
    public var accepted = 0
    /// Rumors still waiting, when the sync ended, for a session, a post or a member list (kept: a
    /// later sync that brings it applies them).
    public var staged = 0
    /// `staged` by what waits and for what.
    public var waiting: [Waiting: Int] = [:]
    /// Wraps that failed a check (signature, seal, payload, membership, …), and the reasons.
    public var rejected = 0
    public var rejections: [String: Int] = [:]
    /// Relays that took part.
    public var relays: [String] = []
    /// Relays that did not finish sending their history (EOSE) within the page timeout.
    public var unfinishedRelays: [String] = []
    /// The sync was cancelled before the history was complete: what arrived until then is stored,
    /// and the next sync starts where this one did.
    public var interrupted = false

    public init() {}

    mutating func wait(_ waiting: Waiting) {
        staged += 1
        self.waiting[waiting, default: 0] += 1
    }

    mutating func reject(_ reason: String) {
        rejected += 1
        rejections[reason, default: 0] += 1
    }
}

extension SyncReport {
    /// A kind of rumor and what it waits for, said as a person would: "4 posts wait for a session
    /// you are not in yet".
    public struct Waiting: Hashable, Sendable {
        public var kind: PayloadKind?
        public var awaited: UnresolvedRumor.Awaited

        public init(kind: PayloadKind?, awaited: UnresolvedRumor.Awaited) {
            self.kind = kind
            self.awaited = awaited
        }

        /// "1 post waits for …", "4 posts wait for …".
        public func sentence(count: Int) -> String {
            "\(count) \(count == 1 ? noun.one : noun.many) \(count == 1 ? "waits" : "wait") for \(what)"
        }

        /// The sentence without its count, in the plural (the key of `sync --json`'s `waiting`).
        public var key: String { "\(noun.many) wait for \(what)" }

        private var noun: (one: String, many: String) {
            switch kind {
            case .root: ("post", "posts")
            case .reaction: ("reaction", "reactions")
            case .rootDelete: ("deletion", "deletions")
            case .sessionCreate, .sessionMembers: ("member list", "member lists")
            case nil: ("message", "messages")
            }
        }

        private var what: String {
            switch awaited {
            case .session: "a session you are not in yet"
            case .post: "a post that has not arrived"
            case .membership: "a member list that makes their sender a member at their time"
            case .time: "their time: they are dated ahead of this computer's clock"
            }
        }
    }
}
