import LinkstrHost

extension OpenedAccount {
    /// Publishes (or, with nil, clears) the account's Nostr profile name (see
    /// `AccountRuntime.publishName`), then notes it in the profile list for `whoami`.
    @discardableResult
    public func publishName(_ name: String?) async throws(LinkstrError) -> String? {
        let published = try await Contacts.publishName(name, in: runtime)
        await notePublishedName()
        return published
    }

    /// Copies the published name the runtime knows (after a publish or a sync) into the profile
    /// list, where `whoami` reads it without the key. A profile list that cannot be written is
    /// logged: the name is on the relays and in the account's data either way.
    public func notePublishedName() async {
        let name = await Contacts.publishedName(in: runtime)
        do throws(LinkstrError) {
            guard let profile = try accounts.selectedProfile(), profile.account.publishedName != name else { return }
            _ = try accounts.editProfile(profile) { $0.account.publishedName = name }
        } catch {
            host.log.log(.warn, "cannot note the published name in the profile list: \(error.description)")
        }
    }
}
