/// A TCP port on 127.0.0.1 that nothing listens on right now (the kernel picks it).
public enum FreePort {
    public static func next() -> Int {
        let socket: LoopbackSocket
        do {
            socket = try LoopbackSocket(backlog: nil)
        } catch {
            preconditionFailure("no free port: \(error)")
        }
        defer { socket.close() }
        return Int(socket.port)
    }
}
