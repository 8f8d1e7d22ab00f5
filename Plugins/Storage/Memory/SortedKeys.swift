/// An array of `OrderKey`s kept sorted, with binary-search insert, remove and range lookup.
/// A value type: confine it (`MemoryBackend` keeps it behind its mutex).
struct SortedKeys: Sendable {
    private(set) var items: [OrderKey] = []

    var isEmpty: Bool { items.isEmpty }

    mutating func insert(_ item: OrderKey) {
        let index = firstIndex { !($0 < item) }
        if index < items.count, items[index] == item { return }
        items.insert(item, at: index)
    }

    mutating func remove(_ item: OrderKey) {
        let index = firstIndex { !($0 < item) }
        if index < items.count, items[index] == item { items.remove(at: index) }
    }

    /// The indices of the items whose sort lies in `bounds`.
    func range(sort bounds: ClosedRange<Int64>) -> Range<Int> {
        let lower = firstIndex { $0.sort >= bounds.lowerBound }
        let upper = firstIndex { $0.sort > bounds.upperBound }
        return lower..<max(lower, upper)
    }

    /// The first index whose item satisfies `predicate`, which must be false then true along the array.
    private func firstIndex(where predicate: (OrderKey) -> Bool) -> Int {
        var low = 0
        var high = items.count
        while low < high {
            let middle = (low + high) / 2
            if predicate(items[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
