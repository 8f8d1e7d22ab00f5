import Foundation
import Synchronization

/// What an end-to-end test stands on: a scratch folder (named after the test), a real local relay
/// unless asked for none, and homes with accounts that use it. `stop()` runs what was handed to
/// `onStop` (the last first), stops the relay and removes the folder: one `defer` for all of it.
public final class TestWorld: Sendable {
    public let scratch: TestScratch
    public let relay: TestRelay?
    /// The homes named to `start`, in that order, then those `home` added.
    public var homes: [LinkstrHome] { added.withLock { $0 } }
    private let added = Mutex<[LinkstrHome]>([])
    private let endings = Mutex<[@Sendable () -> Void]>([])

    private init(scratch: TestScratch, relay: TestRelay?) {
        self.scratch = scratch
        self.relay = relay
    }

    /// A scratch folder, a relay of `relay`'s kind (nil: none), and a home with an account for each
    /// of `names`, using the relay; `config` follows the relay list in each config.toml.
    public static func start(
        _ names: String..., relay: TestRelay.Kind? = .rust, config: String = "", label: String = #function
    ) async throws -> TestWorld {
        let scratch = TestScratch(label)
        var started: TestRelay?
        do {
            if let relay { started = try await TestRelay.start(relay, scratch: scratch) }
        } catch {
            scratch.remove()
            throw error
        }
        let world = TestWorld(scratch: scratch, relay: started)
        do {
            for name in names { _ = try world.home(name, config: config) }
        } catch {
            world.stop()
            throw error
        }
        return world
    }

    /// The relay's URL; only for a world started with a relay.
    public var relayURL: String {
        guard let relay else { preconditionFailure("this world was started with relay: nil") }
        return relay.url
    }

    /// The relays a new home names: the world's, or none.
    private var relays: [String] { relay.map { [$0.url] } ?? [] }

    /// Another home with an account on the world's relay (a config of its own).
    public func home(_ name: String, config: String = "") throws -> LinkstrHome {
        let home = try LinkstrHome.create(scratch, name, relays: relays, config: config)
        added.withLock { $0.append(home) }
        return home
    }

    /// A home folder without an account whose config.toml names the world's relay.
    public func emptyHome(_ name: String) -> String {
        let folder = scratch.folder(name)
        scratch.write("\(name)/config.toml", "relays = [" + relays.map { "\"\($0)\"" }.joined(separator: ", ") + "]\n")
        return folder
    }

    /// Runs `end` at `stop()`, before the relay stops: a process started for the test.
    public func onStop(_ end: @escaping @Sendable () -> Void) {
        endings.withLock { $0.append(end) }
    }

    /// Runs what `onStop` was given (the last first), stops the relay, removes the scratch folder.
    public func stop() {
        for end in endings.withLock({ $0 }).reversed() { end() }
        relay?.process.stop()
        scratch.remove()
    }
}
