/// The messages of one subscription (``RelayClient/subscribe(_:filters:deduplicator:)``), in the order
/// the relays sent them. Reading them is what lets a relay the pool held back (the queue at its high
/// water mark) go on. One reader; it ends when the subscription is closed or replaced.
public struct SubscriptionStream: AsyncSequence, Sendable {
    public typealias Element = SubscriptionMessage
    public typealias Failure = Never

    let messages: AsyncStream<SubscriptionMessage>
    let queue: ReceiveQueue

    public struct AsyncIterator: AsyncIteratorProtocol {
        public typealias Failure = Never

        var messages: AsyncStream<SubscriptionMessage>.Iterator
        let queue: ReceiveQueue

        public mutating func next() async -> SubscriptionMessage? {
            guard let message = await messages.next() else { return nil }
            queue.taken()
            return message
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(messages: messages.makeAsyncIterator(), queue: queue)
    }
}
