import LinkstrHost

private typealias Records = StorageTestRecords

/// What a range query returns and in which order.
extension StorageConformance {
    static let ordering = StorageConformanceCheck("order by (sort, key), both directions, bounds, limit, parent and flags") { check in
        let store = check.backend
        let owner = Records.owner()
        // Keys compare byte by byte; a prefix sorts first ("a" < "a\0" < "b").
        try store.apply([
            .put(Records.post(owner, "b", session: "s1", sort: 10, flags: 0b01)),
            .put(Records.post(owner, "a\u{0}", session: "s2", sort: 10, flags: 0b11)),
            .put(Records.post(owner, "a", session: "s1", sort: 10, flags: 0b10)),
            .put(Records.post(owner, "min", session: "s2", sort: .min, flags: 0b01)),
            .put(Records.post(owner, "max", session: "s1", sort: .max, flags: 0)),
            .put(Records.post(owner, "neg", session: "s1", sort: -1, flags: 0b101)),
            .put(Records.post(owner, "twenty", session: "s2", sort: 20, flags: 0b01)),
        ])
        func keys(_ query: StorageQuery) throws -> [String] {
            Records.keys(try store.query(query))
        }
        let all = StorageQuery(owner: owner, collection: "post")
        check.expect(try keys(all), equals: ["min", "neg", "a", "a\u{0}", "b", "twenty", "max"], "ascending order")
        var descending = all
        descending.descending = true
        check.expect(try keys(descending), equals: ["max", "twenty", "b", "a\u{0}", "a", "neg", "min"], "descending order")

        var bounded = all
        bounded.sortRange = 10...20
        check.expect(try keys(bounded), equals: ["a", "a\u{0}", "b", "twenty"], "bounds are inclusive")
        bounded.sortRange = 11...19
        check.expect(try keys(bounded), equals: [], "a range between records")
        bounded.sortRange = .min ... -1
        check.expect(try keys(bounded), equals: ["min", "neg"], "a range from INT64_MIN")

        var limited = descending
        limited.limit = 2
        check.expect(try keys(limited), equals: ["max", "twenty"], "limit 2, descending")
        limited.descending = false
        limited.limit = 3
        check.expect(try keys(limited), equals: ["min", "neg", "a"], "limit 3, ascending")

        var session = descending
        session.parent = Records.bytes("s1")
        check.expect(try keys(session), equals: ["max", "b", "a", "neg"], "parent s1, descending")
        session.limit = 2
        check.expect(try keys(session), equals: ["max", "b"], "parent s1, limit 2")
        session.parent = Records.bytes("nobody")
        check.expect(try keys(session), equals: [], "a parent no record has")

        var flagged = all
        flagged.flagsMask = 0b01
        flagged.flagsValue = 0b01
        check.expect(try keys(flagged), equals: ["min", "neg", "a\u{0}", "b", "twenty"], "flags mask 01 value 01")
        flagged.flagsMask = 0b11
        flagged.flagsValue = 0b10
        check.expect(try keys(flagged), equals: ["a"], "flags mask 11 value 10")
        flagged.flagsMask = 0b01
        flagged.flagsValue = 0
        flagged.parent = Records.bytes("s1")
        flagged.limit = 1
        flagged.descending = true
        check.expect(try keys(flagged), equals: ["max"], "flags, parent, order and limit together")
        flagged.flagsMask = 0b01
        flagged.flagsValue = 0b10
        check.expect(try keys(flagged), equals: [], "a value outside the mask never matches")
    }
}
