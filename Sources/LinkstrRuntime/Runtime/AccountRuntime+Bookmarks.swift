import LinkstrEngine

extension AccountRuntime {
    /// Saves every web link of a bookmark file's entries: new ones with their time (one in the
    /// future is taken as now), title, note, id and where they were shared; ones already saved get
    /// the entry's tags added. A Netscape folder path is one more tag. Tags that break the tag rule
    /// are left out.
    public func importBookmarks(_ entries: [BookmarkEntry]) throws(RuntimeError) -> ImportReport {
        var report = ImportReport()
        let now = clock()
        for entry in entries {
            guard let url = try? WebURL.normalize(entry.url) else {
                report.skipped += 1
                continue
            }
            let tags = (entry.tags + [entry.folder].compactMap { $0 }).compactMap { try? TagName.normalize($0) }
            let outcome = try save(
                url, tags: tags, note: nil, sharedBy: entry.sharedBy, sharedIn: entry.sharedIn, savedAt: entry.addedAt.map { min($0, now) },
                id: entry.id)
            if outcome.alreadySaved {
                report.merged += 1
                continue
            }
            report.imported += 1
            if let note = entry.note, outcome.link.note == nil {
                var link = outcome.link
                link.note = note
                try putSavedLink(link)
            }
            if let title = entry.title, title != url, try storedMetadata(url) == nil {
                try putMetadata(LinkMetadata(title: title, thumbnail: nil), of: url)
            }
            try commit()
        }
        return report
    }

    /// The kept saved links as a Netscape bookmark file.
    public func exportBookmarks() throws(RuntimeError) -> String {
        NetscapeBookmarks.export(try savedLinks())
    }
}
