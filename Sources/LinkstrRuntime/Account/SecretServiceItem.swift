/// One secret of a profile in the Secret Service: attributes application=linkstr,
/// profile=<id><slot suffix> and account=<npub><slot suffix> (the account attribute alone names
/// the items stored before a home had profiles).
struct SecretServiceItem {
    var profile: String
    var account: String

    init(profile: ProfileID, npub: String, slot: KeySlot) {
        self.profile = profile.rawValue + slot.secretServiceSuffix
        self.account = npub + slot.secretServiceSuffix
    }
}
