import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL

extension HTTPFetcher {
    /// What one request on one connection came to.
    enum Answer: Sendable {
        case page(status: Int, contentType: String?, body: [UInt8], truncated: Bool)
        case redirect(status: Int, location: String)
    }

    /// The last handler of a fetch's pipeline: turns the response into an `Answer`, stopping at an
    /// error status, a redirect or `maxBytes` of body without reading further.
    final class ResponseCollector: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = HTTPClientResponsePart

        /// The statuses whose `Location` is followed.
        static let redirectStatuses: Set<UInt> = [301, 302, 303, 307, 308]

        private let url: URL
        private let maxBytes: Int
        private let answer: EventLoopPromise<Answer>
        private var head: HTTPResponseHead?
        private var body: [UInt8] = []

        init(url: URL, maxBytes: Int, answer: EventLoopPromise<Answer>) {
            self.url = url
            self.maxBytes = maxBytes
            self.answer = answer
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head):
                let code = head.status.code
                if Self.redirectStatuses.contains(code), let location = head.headers.first(name: "Location") {
                    answer.succeed(.redirect(status: Int(code), location: location))
                } else if code >= 300 {
                    answer.fail(FetchError.status(Int(code), url: url.absoluteString))
                } else {
                    self.head = head
                }
            case .body(var buffer):
                guard head != nil else { return }
                let room = maxBytes - body.count
                if buffer.readableBytes >= room {
                    body += buffer.readBytes(length: room) ?? []
                    finish(truncated: true)
                } else {
                    body += buffer.readBytes(length: buffer.readableBytes) ?? []
                }
            case .end:
                finish(truncated: false)
            }
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            // A server that closes without TLS's close_notify: the close itself decides (a body
            // delimited by the close is complete, any other one is cut short).
            if let error = error as? NIOSSLError, error == .uncleanShutdown { return }
            answer.fail(FetchError.transport(Self.describe(error)))
            context.close(promise: nil)
        }

        func channelInactive(context: ChannelHandlerContext) {
            answer.fail(FetchError.transport("the connection closed before the answer was complete"))
            context.fireChannelInactive()
        }

        private func finish(truncated: Bool) {
            guard let head else { return }
            answer.succeed(
                .page(status: Int(head.status.code), contentType: head.headers.first(name: "Content-Type"), body: body, truncated: truncated))
        }

        /// A connection or TLS failure in words.
        static func describe(_ error: any Error) -> String {
            switch error {
            case let error as FetchError: error.description
            case let error as NIOSSLError: "TLS failed: \(error) (for a private certificate authority, set ca_file)"
            case let error as NIOSSLExtraError: "TLS failed: \(error) (for a private certificate authority, set ca_file)"
            case let error as IOError: error.description
            default: "\(error)"
            }
        }
    }
}
