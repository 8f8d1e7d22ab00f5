import ArgumentParser
import Foundation
import LinkstrRuntime
import LinkstrTerminal
import LinkstrWebApp

struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch", abstract: "Stay connected and print each accepted change as it happens.",
        discussion: """
            Catches up first (like sync), then follows the relays until interrupted (Ctrl-C or
            SIGTERM). Each change is printed once its data is stored. Live posts and reactions from
            others notify through the notifiers of config.toml (notifiers = [...]); without that
            setting, through desktop notifications when the desktop has a notification server (if
            not, watch says once how to turn notifications on).

            With a key from `linkstr unlock`: the agent's auto-lock does not stop watch (it keeps
            opening your messages, while the bunker and the browser helper answer "locked");
            `linkstr lock` does: watch drops the key, keeps receiving, and a notification says
            "linkstr is locked: N new items wait; run linkstr unlock" (at the first one, then at
            most every 30 minutes); what waits is opened at the next unlock.

            With [app] serve = true in config.toml, watch also serves the app (the background
            service hosts it): its address goes to a file only you can read, and `linkstr app`
            opens a window on it instead of starting a second server.

            Example:
              linkstr watch --json
              {"type":"post","id":"…","session":"…","sender":"…","url":"https://…","created_at":1732262400,"unread":true}
            """)

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("The longest to wait for a relay, and for each page of history, in seconds.", valueName: "seconds"))
    var timeout: Int = 15

    func run() async throws {
        let status = StatusLine.shared
        let (json, style) = (global.json, HumanOutput.current.style)
        let watch = WatchSupervisor(
            apps: .fresh(global.runtimeConfiguration), timeout: .seconds(timeout), followsActiveProfile: global.profile == nil,
            connectsFirst: status.enabled)
        let hosted = hostedApp()
        defer { hosted?.serving.cancel() }
        do {
            try await watch.run(steps: { status.step($0) }) { event, runtime in
                if case .change(let change) = event { hosted?.app.publish(change) }
                switch event {
                case .notice(let notice):
                    Terminal.say(notice)
                case .caughtUp:
                    // The boot is over; on a terminal, say that it keeps listening.
                    status.finishSteps()
                    if status.enabled { Terminal.writeError(HumanOutput.errorStyle.paint("watching for new posts and reactions · Ctrl-C to stop", Palette.comment) + "\n") }
                case .change(let change):
                    if json {
                        Terminal.printJSON(JSONRecords.change(change))
                    } else if let runtime {
                        Terminal.write(ChangeLine.describe(change, names: await Sessions.names(for: change, in: runtime), style: style) + "\n")
                    }
                case .notification:
                    break
                }
            }
        } catch let error as LinkstrError {
            throw error.failure
        }
        if let hosted {
            hosted.serving.cancel()
            _ = await hosted.serving.result
        }
    }

    /// The app this watch serves when config.toml says `[app] serve = true`: it follows this
    /// watch's changes (it runs no watch of its own) and writes its ``HostedApp`` URL file.
    private func hostedApp() -> (app: WebApp, serving: Task<Void, any Error>)? {
        let environment = ProcessInfo.processInfo.environment
        let home = global.app()
        guard let settings = try? home.settings(), settings.app.serve, let host = try? home.host() else { return nil }
        let app = WebApp(configuration: global.runtimeConfiguration, keyStore: nil, port: settings.app.port, watches: false)
        let urlFile = HostedApp.filePath(stateDirectory: host.paths.stateDirectory, environment: environment)
        if let pid = HostedApp.servingProcess(urlFile) {
            Terminal.say("linkstr (pid \(pid)) already serves the app of this home; this watch does not")
            return nil
        }
        let serving = Task {
            do {
                try await app.run(urlFile: urlFile, stopsOnSignals: false) { launch in
                    Terminal.say("the app is served at http://127.0.0.1:\(launch.port); `linkstr app` opens a window on it")
                }
            } catch {
                Terminal.say("the app could not be served (\(error)); watch goes on without it")
                throw error
            }
        }
        return (app, serving)
    }
}
