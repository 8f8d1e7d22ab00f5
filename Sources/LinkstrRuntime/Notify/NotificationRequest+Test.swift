import Glibc

extension NotificationRequest {
    /// The notification `linkstr notify test` sends: a fresh id each time (tests are never recorded
    /// as sent), no content.
    public static func test() -> NotificationRequest {
        let now = Int64(time(nil))
        return NotificationRequest(
            id: "linkstr-test-\(now)-\(String(UInt32.random(in: .min ... .max), radix: 16))", kind: .test, createdAt: now)
    }
}
