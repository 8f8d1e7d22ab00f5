import Foundation
import LinkstrTerminal

/// The steps of `linkstr demo`. Every step runs the `linkstr` program as a child process, the way a
/// person would type it — see main.swift for why — and shows the command and its output.
struct DemoTour {
    let executable: String
    let workspace: DemoWorkspace
    let environment: [String: String]
    let style: Style
    let pause: Bool
    /// What the tour prints (stdout).
    let say: @Sendable (String) -> Void

    /// One of the two throwaway people.
    struct Person {
        let name: String
        let home: String
        /// How the home is shown in commands: `$ALICE`.
        var variable: String { "$" + name.uppercased() }
    }

    static let sessionName = "Movie night"
    static let link = "https://www.youtube.com/watch?v=dQw4w9WgXcQ"

    func run(python: String) throws(DemoFailure) {
        say(style.paint("linkstr demo", Palette.blue, bold: true)
            + style.paint(" · a guided tour on 127.0.0.1: two people share a link privately over a relay of their own.\n", Palette.foreground)
            + style.paint("Nothing leaves this machine, and everything is removed at the end.\n", Palette.dark5))

        step("1", "A relay")
        let (_, url) = try DemoRelay.start(python: python, in: workspace, environment: environment)
        note("rust-nostr's relay (nostr-sdk, from \(python)) listens at \(url), in memory.")

        step("2", "Two people, each with a home folder of their own (two machines, side by side)")
        let alice = try person("Alice", relay: url)
        let bob = try person("Bob", relay: url)
        note("ALICE=\(alice.home)\nBOB=\(bob.home)")
        note("Both config.toml files name the relay and a notifier that hands each notification to a command:\n"
            + "relays = [\"\(url)\"]\nnotifiers = [\"org.linkstr.notify.command\"]")
        let aliceKey = try npub(of: try linkstr(["account", "create", "--name", "Alice", "--key-store", "plain"], as: alice))
        let bobKey = try npub(of: try linkstr(["account", "create", "--name", "Bob", "--key-store", "plain"], as: bob))
        note("--key-store plain keeps these throwaway keys in a file; your own account goes to the desktop keyring or a passphrase-locked file.")

        step("3", "They add each other as contacts (a Nostr follow list; the alias stays local)")
        try linkstr(["contact", "add", bobKey, "--alias", "Bob"], as: alice)
        try linkstr(["contact", "add", aliceKey, "--alias", "Alice"], as: bob)

        step("4", "Alice starts a private session with Bob")
        try linkstr(["session", "create", Self.sessionName, "--member", "Bob"], as: alice)

        step("5", "Bob stays connected in the background, as `linkstr service install` would keep him")
        let watch = try background(["watch"], as: bob)
        guard watch.wait(timeout: .seconds(20), until: { $0.lines.contains { $0.contains("new session") } }) else {
            throw failure("Bob's `linkstr watch` did not receive the session", watch)
        }
        Thread.sleep(forTimeInterval: 0.3)  // its live subscription is caught up too
        showLines(of: watch, from: 0)

        step("6", "Alice shares a link with a note")
        let shown = watch.lines.count
        try linkstr(["post", Self.sessionName, Self.link, "--note", "the classic, for tonight"], as: alice)
        let notifications = bob.home + "/notifications.jsonl"
        let arrived = watch.wait(timeout: .seconds(20)) { program in
            program.lines.contains { $0.contains("shared") } && Self.notifications(notifications).count >= 1
        }
        guard arrived else { throw failure("the post did not reach Bob's `linkstr watch` and notifier", watch) }
        note("Bob's watch printed:")
        showLines(of: watch, from: shown)
        for notification in Self.notifications(notifications) {
            let title = notification["title"] as? String ?? "linkstr"
            let body = notification["body"] as? String ?? ""
            say("    " + style.paint("🔔 \(TerminalText.line(title)) — \(TerminalText.line(body))", Palette.yellow) + "\n")
        }
        note("(that was Bob's notifier command receiving the notification as JSON; the desktop notifier would show it)")
        watch.stop()

        step("7", "Bob opens the session and reacts")
        try linkstr(["sessions"], as: bob)
        try linkstr(["feed", Self.sessionName], as: bob)
        let postID = try newestPostID(of: bob)
        try linkstr(["react", Self.sessionName, postID, "🔥"], as: bob)

        step("8", "Alice fetches what arrived and sees the reaction")
        try linkstr(["sync"], as: alice)
        try linkstr(["feed", Self.sessionName], as: alice)
        try linkstr(["relay", "list"], as: alice)
    }

    // MARK: People and commands

    private func person(_ name: String, relay: String) throws(DemoFailure) -> Person {
        let person = Person(name: name, home: try workspace.folder(name.lowercased()))
        let notifications = person.home + "/notifications.jsonl"
        let config = """
            # linkstr demo: \(name)'s throwaway home (removed when the demo ends)
            relays = [\(Self.toml(relay))]
            notifiers = ["org.linkstr.notify.command"]

            [plugins."org.linkstr.notify.command"]
            # each notification (JSON on stdin) becomes one line of notifications.jsonl
            command = ["/bin/sh", "-c", "{ cat; echo; } >> \\"$1\\"", "notify", \(Self.toml(notifications))]
            include_session = true

            """
        do {
            try config.write(toFile: person.home + "/config.toml", atomically: true, encoding: .utf8)
        } catch {
            throw DemoFailure("cannot write \(person.home)/config.toml: \(error)")
        }
        return person
    }

    /// Runs `linkstr ARGUMENTS --home HOME`, showing the command and its output; fails the tour
    /// when it fails.
    @discardableResult
    private func linkstr(_ arguments: [String], as person: Person, quiet: Bool = false) throws(DemoFailure) -> String {
        if !quiet { say("  " + style.paint("$ " + Self.display(arguments, person), Palette.green) + "\n") }
        let program: ChildProgram
        do {
            program = try ChildProgram(executable, arguments + ["--home", person.home], environment: environment)
        } catch {
            throw DemoFailure("cannot run \(executable): \(error.reason)")
        }
        workspace.adopt(program)
        let status = program.finish(timeout: .seconds(60))
        guard status == 0 else { throw failure("`\(Self.display(arguments, person))` failed (exit \(status))", program) }
        if !quiet {
            for line in program.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                say(line.isEmpty ? "\n" : "    " + line + "\n")
            }
        }
        return program.stdout
    }

    /// Starts `linkstr ARGUMENTS --home HOME &`.
    private func background(_ arguments: [String], as person: Person) throws(DemoFailure) -> ChildProgram {
        say("  " + style.paint("$ " + Self.display(arguments, person) + " &", Palette.green) + "\n")
        // util-linux's setpriv makes the kernel stop it should the demo itself be SIGKILLed (which
        // leaves no chance to clean up); without setpriv it is stopped at clean-up only.
        let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let command = arguments + ["--home", person.home]
        do {
            let program = try ChildProgram(
                setpriv ?? executable, setpriv == nil ? command : ["--pdeathsig", "TERM", "--", executable] + command, environment: environment)
            workspace.adopt(program)
            return program
        } catch {
            throw DemoFailure("cannot run \(executable): \(error.reason)")
        }
    }

    private func newestPostID(of person: Person) throws(DemoFailure) -> String {
        let json = try linkstr(["feed", Self.sessionName, "--limit", "1", "--json"], as: person, quiet: true)
        guard let items = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]],
            let id = items.last?["id"] as? String
        else { throw DemoFailure("the demo could not read Bob's feed: \(json)") }
        return String(id.prefix(8))
    }

    private func npub(of output: String) throws(DemoFailure) -> String {
        guard let key = output.split(whereSeparator: \.isWhitespace).first(where: { $0.hasPrefix("npub1") }) else {
            throw DemoFailure("the demo could not read the new account's npub from: \(output)")
        }
        return String(key)
    }

    // MARK: Showing

    private func step(_ number: String, _ title: String) {
        if pause, isatty(STDIN_FILENO) == 1, number != "1" {
            say(style.paint("  (press Enter to continue)", Palette.comment))
            _ = readLine()
        }
        say("\n" + style.paint("\(number) ▸ ", Palette.blue, bold: true) + style.paint(title, Palette.foreground, bold: true) + "\n")
    }

    private func note(_ text: String) {
        for line in text.split(separator: "\n") { say("  " + style.paint(String(line), Palette.dark5) + "\n") }
    }

    private func showLines(of program: ChildProgram, from start: Int) {
        for line in program.lines.dropFirst(start) { say("    " + line + "\n") }
    }

    private func failure(_ what: String, _ program: ChildProgram) -> DemoFailure {
        let detail = program.stderr.split(separator: "\n").filter { !$0.contains("warning: the secret key is stored unencrypted") }.suffix(4)
        return DemoFailure("the demo stopped: \(what)" + (detail.isEmpty ? "" : ": " + detail.joined(separator: " / ")))
    }

    /// The notifications the command notifier wrote so far.
    static func notifications(_ path: String) -> [[String: Any]] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        }
    }

    /// `linkstr ARGS --home $ALICE`, quoted for a POSIX shell.
    static func display(_ arguments: [String], _ person: Person) -> String {
        (["linkstr"] + arguments.map(shellQuoted) + ["--home", person.variable]).joined(separator: " ")
    }

    static func shellQuoted(_ text: String) -> String {
        let safe = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=@%+,")
        if !text.isEmpty, text.unicodeScalars.allSatisfy({ safe.contains($0) || $0.value > 0x7F }), !text.contains("?") {
            return text
        }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// A TOML basic string.
    static func toml(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: escaped += String(format: "\\u%04X", scalar.value)
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return "\"" + escaped + "\""
    }
}
