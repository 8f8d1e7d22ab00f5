import Glibc

extension NotificationRequest {
    /// The notification `linkstr notify test` sends: a fresh id each time (tests are never recorded
    /// as sent), no content.
    public static func test() -> NotificationRequest {
        let now = Int64(time(nil))
        return NotificationRequest(id: freshID("test", at: now), kind: .test, createdAt: now)
    }

    /// An id no other notification has, for one that is sent each time (never recorded).
    static func freshID(_ kind: String, at time: Int64) -> String {
        "linkstr-\(kind)-\(time)-\(String(UInt32.random(in: .min ... .max), radix: 16))"
    }
}
