import Glibc

extension NotificationRequest {
    /// What a watch whose key was locked says when new items arrive that it cannot open: "linkstr is
    /// locked: 3 new items wait; run linkstr unlock" (no content: only the count).
    public static func locked(waiting count: Int) -> NotificationRequest {
        let now = Int64(time(nil))
        let items = count == 1 ? "1 new item waits" : "\(count) new items wait"
        return NotificationRequest(id: freshID("locked", at: now), kind: .locked, note: "linkstr is locked: \(items); run linkstr unlock", createdAt: now)
    }
}
