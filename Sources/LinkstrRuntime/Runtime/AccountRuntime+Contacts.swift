import LinkstrEngine
import LinkstrHost
import NostrCore

/// The contact use cases on the account; ``Contacts`` does the work, on this actor.
extension AccountRuntime {
    public func contacts() throws(LinkstrError) -> [Contact] {
        try Contacts.contacts(in: self)
    }

    public func resolvePerson(_ text: String) throws(LinkstrError) -> PublicKey {
        try Contacts.resolvePerson(text, in: self)
    }

    public func displayName(of person: PublicKey) -> String {
        Contacts.displayName(of: person, in: self)
    }

    public func displayNames(of people: [PublicKey]) -> [PublicKey: String] {
        Contacts.displayNames(of: people, in: self)
    }

    public func addContact(_ key: PublicKey, alias: String?) async throws(LinkstrError) -> Contact {
        try await Contacts.addContact(key, alias: alias, in: self)
    }

    public func removeContact(_ key: PublicKey) async throws(LinkstrError) {
        try await Contacts.removeContact(key, in: self)
    }

    public func setAlias(_ alias: String?, for key: PublicKey) throws(LinkstrError) {
        try Contacts.setAlias(alias, for: key, in: self)
    }

    public func publishedName() -> String? {
        Contacts.publishedName(in: self)
    }

    @discardableResult
    public func publishName(_ name: String?) async throws(LinkstrError) -> String? {
        try await Contacts.publishName(name, in: self)
    }
}
