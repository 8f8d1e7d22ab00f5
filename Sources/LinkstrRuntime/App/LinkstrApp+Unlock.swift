import Foundation

extension LinkstrApp {
    /// Unlocks the home's keys for the login session: the unlock agent holds them for the
    /// auto-lock's minutes as config.toml says now, started as `agentProgram agent` when none runs
    /// (nil: no program to start, so an agent must run already). A wrong passphrase changes nothing.
    /// - Returns: the profiles unlocked, and when the agent locks them unless used before.
    public func unlock(passphrase: String, agentProgram: String?) throws(LinkstrError) -> (profiles: [HomeProfile], until: Date?) {
        let minutes = try autoLockMinutes()
        let accounts = try accounts()
        return try accounts.unlockProfiles(
            passphrase: passphrase, autoLockMinutes: minutes,
            agentCommand: agentProgram.map { UnlockAgentProgram.command(program: $0, configuration: configuration) } ?? [])
    }
}
