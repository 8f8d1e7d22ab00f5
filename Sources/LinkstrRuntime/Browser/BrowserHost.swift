import Foundation
import Synchronization

/// The native-messaging host: reads the extension's requests from the channel and answers each
/// one as soon as it can — a question waiting for the person holds up only its own request, not
/// other sites' — until the browser closes the connection. Replies carry their request's id, so
/// their order does not matter.
public struct BrowserHost: Sendable {
    public let channel: NativeMessageChannel
    public let handler: BrowserRequestHandler

    public init(channel: NativeMessageChannel, handler: BrowserRequestHandler) {
        self.channel = channel
        self.handler = handler
    }

    /// Serves until the browser disconnects (then answers what is still open); throws when the
    /// channel breaks.
    public func run() async throws(NativeMessageError) {
        let (messages, arriving) = AsyncStream.makeStream(of: Result<Data, NativeMessageError>.self)
        let channel = self.channel
        let handler = self.handler
        // Reading blocks: on a thread of its own, not the concurrency pool's.
        Thread.detachNewThread {
            do throws(NativeMessageError) {
                while let message = try channel.receive() { arriving.yield(.success(message)) }
            } catch {
                arriving.yield(.failure(error))
            }
            arriving.finish()
        }
        let replies = ReplyWriter(channel: channel)
        await withTaskGroup(of: Void.self) { group in
            for await received in messages {
                switch received {
                case .success(let message):
                    group.addTask { replies.send(await handler.reply(to: message)) }
                case .failure(let error):
                    replies.fail(error)
                }
            }
        }
        if let failure = replies.failure { throw failure }
    }

    /// Writes replies one frame at a time; after the channel breaks, writes nothing more.
    private final class ReplyWriter: Sendable {
        private let channel: NativeMessageChannel
        private let broken = Mutex<NativeMessageError?>(nil)

        init(channel: NativeMessageChannel) {
            self.channel = channel
        }

        var failure: NativeMessageError? { broken.withLock { $0 } }

        func send(_ reply: Data) {
            broken.withLock { failure in
                guard failure == nil else { return }
                do throws(NativeMessageError) { try channel.send(reply) } catch { failure = error }
            }
        }

        func fail(_ error: NativeMessageError) {
            broken.withLock { $0 = $0 ?? error }
        }
    }
}
