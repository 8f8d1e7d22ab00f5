/// The native-messaging host: reads the extension's requests from the channel and writes one
/// reply per request, in order, until the browser closes the connection.
public struct BrowserHost: Sendable {
    public let channel: NativeMessageChannel
    public let handler: BrowserRequestHandler

    public init(channel: NativeMessageChannel, handler: BrowserRequestHandler) {
        self.channel = channel
        self.handler = handler
    }

    /// Serves until the browser disconnects; throws when the channel breaks.
    public func run() async throws(NativeMessageError) {
        while let message = try channel.receive() {
            let reply = await handler.reply(to: message)
            try channel.send(reply)
        }
    }
}
