import ArgumentParser
import Foundation
import LinkstrHost

struct SessionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions", abstract: "List sessions, most recently active first.",
        discussion: """
            Example:
              linkstr sessions
              linkstr sessions --archived --json
            """)

    @OptionGroup var global: GlobalOptions
    @Flag(help: "List the archived sessions instead.") var archived = false

    func run() async throws {
        let context = try AccountContext.open(global)
        defer { context.host.stop() }
        let sessions = try await context.run { runtime throws(RuntimeError) in try await runtime.sessions(archived: archived) }
        if global.json {
            Terminal.printJSON(sessions.map(OutputObjects.session))
            return
        }
        if sessions.isEmpty {
            Terminal.write(archived ? "no archived sessions\n" : "no sessions yet — create one with `linkstr session create NAME`\n")
        }
        let now = Int64(Date().timeIntervalSince1970)
        for session in sessions {
            let marker = session.unread ? "●" : " "
            Terminal.write("\(marker) \(session.name)  ·  \(RelativeTime.describe(session.updatedAt, now: now))  ·  \(session.members.count) member\(session.members.count == 1 ? "" : "s")  ·  \(session.id)\n")
        }
    }
}
