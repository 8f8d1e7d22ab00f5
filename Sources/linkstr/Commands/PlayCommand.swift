import ArgumentParser
import Foundation
import LinkstrRuntime
import LinkstrTerminal

struct PlayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play", abstract: "Play a post's video with the desktop's player (fetching it first), or open its page.",
        discussion: """
            POST is the 8-character id the feed shows (`feed` marks posts whose video is cached with
            ▶ cached). A cached video plays at once; otherwise it is fetched into the video cache
            first, as `linkstr media fetch` does (with progress on a terminal). The player is mpv,
            else vlc, else xdg-open on the file; linkstr waits until it is closed. A link with no
            video to extract (an article, a channel page, a provider yt-dlp cannot read) is opened
            in the browser with xdg-open instead. --print prints the video file's path and plays
            nothing.

            Example:
              linkstr play "Weekend videos" 3f2a9c1e
              mpv --fs "$(linkstr play "Weekend videos" 3f2a9c1e --print)"
            """)

    /// The players tried in order, each given the file as its one argument.
    static let players = ["mpv", "vlc", "xdg-open"]

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The session: its id, its name, or its short id.") var session: String
    @Argument(help: "The post: the id the feed shows (8 or more hex characters).") var post: String
    @Flag(help: "Print the video file's path instead of playing it.") var print = false

    func run() async throws {
        try await AccountContext.with(global) { context in
            let id = try await context.session(session)
            let (typed, text) = (session, post)
            let url = try await context.run { runtime throws(LinkstrError) in try await Sessions.post(text, in: id, typed: typed, in: runtime).url }
            let video: CachedVideo
            do throws(MediaFailure) {
                video = try await context.runtime.media.fetchVideo(url, progress: ProgressBar.download())
            } catch {
                StatusLine.shared.clear()
                guard !print, error.leavesOnlyThePage else { throw LinkstrError(error, "cannot fetch the video of \(url)").failure }
                try openPage(url, because: error, context)
                return
            }
            StatusLine.shared.clear()
            if print || global.json {
                if global.json { Terminal.printJSON(JSONRecords.Video(video)) } else { Terminal.write(video.path + "\n") }
                if print { return }
            }
            try play(video.path)
        }
    }

    private func play(_ path: String) throws(CLIFailure) {
        guard let player = Self.players.lazy.compactMap({ HelperProgram($0) }).first else {
            throw CLIFailure(.failed, "no video player found (mpv, vlc or xdg-open); install mpv (apt-get install mpv), or play \(path)")
        }
        if !global.json { Terminal.say("playing with \(player.name): \(path)") }
        let status = player.runAttached([path])
        guard status == 0 else { throw CLIFailure(.failed, "\(player.name) could not play \(path) (exit status \(status))") }
    }

    private func openPage(_ url: String, because failure: MediaFailure, _ context: AccountContext) throws(CLIFailure) {
        do {
            try LinkOpener(log: context.host.log, source: "linkstr play").open(url)
        } catch {
            throw CLIFailure(.failed, "\(url) has no video to play here (\(failure)), and its page cannot be opened: \(error)")
        }
        if global.json {
            Terminal.printJSON(OpenedPage(opened: url))
        } else {
            Terminal.write("no video to extract from \(TerminalText.line(url)) (\(TerminalText.line(failure.description))); opened it in the browser\n")
        }
    }
}

extension PlayCommand {
    /// `{"ok","opened"}`: the page opened instead of a video.
    struct OpenedPage: Encodable {
        let ok = true
        let opened: String
    }
}
