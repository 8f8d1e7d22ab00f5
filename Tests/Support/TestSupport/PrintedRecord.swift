import Foundation
import LinkstrRuntime

/// A `--json` record as a program reading linkstr's output sees it: its text, parsed (empty when
/// the text is not an object).
public func printed(_ record: some Encodable) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(JSONRecords.text(record).utf8))) as? [String: Any] ?? [:]
}
