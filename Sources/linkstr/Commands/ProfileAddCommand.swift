import ArgumentParser
import Foundation
import LinkstrRuntime
import NostrCore

struct ProfileAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Make a new key pair as a new profile (the active one stays unless --use).",
        discussion: """
            Example:
              linkstr profile add work --key-store ncryptsec
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: KeyStoreOption
    @Argument(help: "The new profile's name.") var name: String
    @Flag(help: "Make it the active profile.") var use = false

    func run() throws {
        let accounts = global.accounts(try global.openHost())
        let keyStore = try store.resolve(accounts)
        let profile: HomeProfile
        do {
            let first = try accounts.profileList().active == nil
            profile = try accounts.addProfile(SecretKey.generate(), name: name, keyStore: keyStore, now: Int64(Date().timeIntervalSince1970), activate: use || first)
        } catch {
            throw error.failure
        }
        store.warnIfPlain(keyStore, accounts)
        global.printProfile(profile)
    }
}
