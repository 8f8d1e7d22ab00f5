import Foundation
import Glibc

/// Where the passphrase of an `ncryptsec` key comes from, in order: the file named by
/// `LINKSTR_PASSPHRASE_FILE`; a systemd credential `linkstr-passphrase` (`$CREDENTIALS_DIRECTORY`,
/// for `LoadCredential=`/`SetCredentialEncrypted=` in a unit); a prompt on the terminal (echo off).
public struct PassphraseSource: Sendable {
    public var environment: [String: String]

    public init(environment: [String: String]) {
        self.environment = environment
    }

    /// Whether a terminal prompt asks for the passphrase (so a mistyped one can be asked again).
    public var asksOnTerminal: Bool { !isConfigured }

    /// Whether the passphrase comes from a file (`LINKSTR_PASSPHRASE_FILE` or the systemd
    /// credential) rather than from a person at a terminal.
    public var isConfigured: Bool {
        if let file = environment["LINKSTR_PASSPHRASE_FILE"], !file.isEmpty { return true }
        guard let directory = environment["CREDENTIALS_DIRECTORY"] else { return false }
        return FileManager.default.fileExists(atPath: directory + "/linkstr-passphrase")
    }

    /// The passphrase, without a trailing newline.
    /// - Parameters:
    ///   - prompt: what a terminal prompt says: whose passphrase, and whether it is a new one.
    ///   - confirm: ask twice on a terminal (when creating a key).
    ///   - withoutTerminal: the error when it would ask but there is no terminal.
    public func passphrase(prompt: String, confirm: Bool, withoutTerminal: String? = nil) throws(LinkstrError) -> String {
        if let file = environment["LINKSTR_PASSPHRASE_FILE"], !file.isEmpty {
            try Self.checkPrivate(file)
            return try read(file, what: "LINKSTR_PASSPHRASE_FILE")
        }
        if let directory = environment["CREDENTIALS_DIRECTORY"], FileManager.default.fileExists(atPath: directory + "/linkstr-passphrase") {
            return try read(directory + "/linkstr-passphrase", what: "the systemd credential")
        }
        return try Self.ask(
            prompt: prompt, confirm: confirm,
            withoutTerminal: withoutTerminal ?? "the key is protected by a passphrase and there is no terminal to ask for it: set LINKSTR_PASSPHRASE_FILE to a file holding it (or use the systemd credential linkstr-passphrase)")
    }

    /// Asks for a passphrase on the controlling terminal (echo off), twice when `confirm`.
    /// - Parameter withoutTerminal: the error when there is no terminal to ask on.
    public static func ask(prompt text: String, confirm: Bool, withoutTerminal: String) throws(LinkstrError) -> String {
        // The prompt talks to the controlling terminal, so stdin may be a file (`account import - < key`).
        let tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard tty >= 0 else { throw LinkstrError(.failed, withoutTerminal) }
        defer { close(tty) }
        let first = prompt(text, on: tty)
        guard !first.isEmpty else { throw LinkstrError(.failed, "the passphrase must not be empty") }
        if confirm, prompt("repeat the new passphrase: ", on: tty) != first {
            throw LinkstrError(.failed, "the two passphrases differ")
        }
        return first
    }

    /// Refuses a passphrase file that group or others can read, as `ssh` refuses such a private key:
    /// the passphrase opens every key of the home. (A systemd credential is the service's alone.)
    public static func checkPrivate(_ path: String) throws(LinkstrError) {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & (S_IRGRP | S_IROTH) != 0 else { return }
        throw LinkstrError(.failed,
            "LINKSTR_PASSPHRASE_FILE (\(path)) can be read by others (mode \(String(info.st_mode & 0o777, radix: 8))); run `chmod go-rwx \(path)`")
    }

    private func read(_ path: String, what: String) throws(LinkstrError) -> String {
        guard let data = FileManager.default.contents(atPath: path), var text = String(data: data, encoding: .utf8) else {
            throw LinkstrError(.failed, "cannot read the passphrase from \(what) (\(path))")
        }
        while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
        guard !text.isEmpty else { throw LinkstrError(.failed, "the passphrase in \(what) (\(path)) is empty") }
        return text
    }

    /// Reads one line from the terminal `tty` with echo off.
    private static func prompt(_ text: String, on tty: Int32) -> String {
        var saved = termios()
        tcgetattr(tty, &saved)
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(tty, TCSAFLUSH, &silent)
        defer {
            tcsetattr(tty, TCSAFLUSH, &saved)
            _ = Glibc.write(tty, "\n", 1)
        }
        _ = text.withCString { Glibc.write(tty, $0, strlen($0)) }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while Glibc.read(tty, &byte, 1) == 1, byte != 0x0A { bytes.append(byte) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
