import LinkstrHost
import LinkstrPluginKit

/// What a conformance check works with: the store under test and the failures found so far.
///
/// Thread rule: used by one check on one thread.
final class StorageConformanceContext: @unchecked Sendable {
    let backend: StorageBackend
    /// Opens more instances on the store's location, when the runner can.
    let opener: StorageOpener?
    /// Starts other processes that write into the store, when the runner can.
    let writer: StorageWriterProcess?
    private(set) var failures: [String] = []

    init(backend: StorageBackend, opener: StorageOpener?, writer: StorageWriterProcess?) {
        self.backend = backend
        self.opener = opener
        self.writer = writer
    }

    /// The opener; a check that needs one fails without it.
    func requireOpener() throws -> StorageOpener {
        guard let opener else {
            throw StorageConformanceError("this check opens more instances of the store; run it with an opener (StorageConformance.run(pluginAt:) has one)")
        }
        return opener
    }

    /// The writer process; a check that needs one fails without it.
    func requireWriter() throws -> StorageWriterProcess {
        guard let writer else {
            throw StorageConformanceError("this check writes from other processes; run it with a writer (`linkstr-storage-conformance` has one)")
        }
        return writer
    }

    func fail(_ sentence: String) {
        failures.append(sentence)
    }

    func expect(_ condition: Bool, _ sentence: @autoclosure () -> String) {
        if !condition { fail(sentence()) }
    }

    func expect<Value: Equatable>(_ actual: Value, equals expected: Value, _ what: String) {
        if actual != expected { fail("\(what): expected \(Self.brief(expected)), got \(Self.brief(actual))") }
    }

    /// A value's description, cut after 200 characters (a record may hold a 300 kB value).
    private static func brief(_ value: some Any) -> String {
        let text = String(describing: value)
        return text.count > 200 ? String(text.prefix(200)) + "…" : text
    }

    /// Runs `body`, which must fail with `status` and a message containing `words`; returns the error.
    @discardableResult
    func expectFailure(
        _ what: String, status: LKHStatus, mentioning words: String? = nil, _ body: () throws(PluginError) -> Void
    ) -> PluginError? {
        do {
            try body()
            fail("\(what): expected \(status), but it succeeded")
            return nil
        } catch {
            expect(error.status, equals: status, "\(what): status")
            if let words { expect(error.message.contains(words), "\(what): the message should mention \(words): \(error.message)") }
            return error
        }
    }
}

extension StorageBackend {
    /// Whether the store keeps records past its instance: all but those that describe themselves
    /// with `"persistent":false`.
    var describesItselfPersistent: Bool {
        !(describe() ?? "").replacingOccurrences(of: " ", with: "").contains("\"persistent\":false")
    }
}
