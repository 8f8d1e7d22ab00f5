import ArgumentParser
import Foundation
import LinkstrRuntime

struct SessionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions", abstract: "List sessions, most recently active first.",
        discussion: """
            Example:
              linkstr sessions
              linkstr sessions --archived --json

            Times are relative to now (LINKSTR_NOW=<unix seconds> pins it); colours
            follow the terminal, NO_COLOR and LINKSTR_COLOR=always|never.
            """)

    @OptionGroup var global: GlobalOptions
    @Flag(help: "List the archived sessions instead.") var archived = false

    func run() async throws {
        try await AccountContext.with(global) { context in
            let listArchived = archived
            let (sessions, archivedCount) = try await context.run { runtime throws(LinkstrError) in
                let sessions = try await Sessions.sessions(archived: listArchived, in: runtime)
                // The hint under the active list ("2 archived sessions · …"), as the app's archive toggle.
                let archivedCount = listArchived ? 0 : try await Sessions.sessions(archived: true, in: runtime).count
                return (sessions, archivedCount)
            }
            if global.json {
                Terminal.printJSON(sessions.map(JSONRecords.SessionRow.init))
                return
            }
            Terminal.write(SessionListView(sessions: sessions, archived: archived, archivedCount: archivedCount, output: .current).render())
        }
    }
}
