import CHostSupport
import Foundation
import Glibc
import NostrCore

/// The secrets of a home's profiles in their key stores, one ``KeySlot`` each:
/// `<data>/profiles/<id>/<slot>.ncryptsec` or `.nsec` (mode 0600), or a Secret Service item
/// keyed by the profile's id. An ncryptsec store asks for the passphrase once per call, however
/// many slots it reads or writes; under a master passphrase (its verifier in `<data>/lock.json`)
/// every key is encrypted under that one. Keys the unlock agent holds are taken from it.
///
/// Thread rule: a value; not thread-safe (commands use it from one thread).
struct ProfileKeyStore: Sendable {
    let dataDirectory: String
    let environment: [String: String]
    let agent: UnlockAgentClient

    var secretService: SecretServiceKeyStore { SecretServiceKeyStore(environment: environment) }

    var lockPath: String { dataDirectory + "/lock.json" }

    /// The master passphrase's verifier; nil when the home has none.
    func masterPassphraseVerifier() throws(LinkstrError) -> MasterPassphraseVerifier? {
        guard let data = FileManager.default.contents(atPath: lockPath) else { return nil }
        do {
            return try JSONDecoder().decode(MasterPassphraseVerifier.self, from: data)
        } catch {
            throw LinkstrError(.failed, "\(lockPath) is damaged (\(error)); set the master passphrase again with `linkstr profile passphrase`")
        }
    }

    func keyDirectory(_ id: ProfileID) -> String {
        dataDirectory + "/profiles/" + id.rawValue
    }

    func path(_ slot: KeySlot, _ keyStore: KeyStoreKind, of id: ProfileID) -> String {
        keyDirectory(id) + "/" + slot.fileName + (keyStore == .plain ? ".nsec" : ".ncryptsec")
    }

    /// Stores each key in its slot of the profile `id`, whose identity is `npub`. Under a master
    /// passphrase a Secret Service item holds the key's ncryptsec rather than the key.
    /// - Parameters:
    ///   - newPassphrase: an ncryptsec passphrase is being chosen (asked twice on a terminal).
    ///   - passphrase: the passphrase to encrypt under; by default the passphrase source's (which
    ///     must then be the master passphrase, when the home has one).
    ///   - profileName: the profile's name, for the passphrase prompt (else its npub).
    func storeKeys(
        _ keys: [(slot: KeySlot, key: SecretKey)], keyStore: KeyStoreKind, of id: ProfileID, npub: String, newPassphrase: Bool,
        passphrase given: String? = nil, profileName: String? = nil
    ) throws(LinkstrError) {
        let whose = profileName.map { "profile '\($0)'" } ?? npub
        _ = linkstr_forbid_core_dumps()
        guard !keys.isEmpty else { return }
        switch keyStore {
        case .secretService:
            var passphrase = given
            if passphrase == nil, try masterPassphraseVerifier() != nil { passphrase = try storePassphrase(newPassphrase: newPassphrase, whose: whose) }
            for (slot, key) in keys {
                var secret = key.nsec
                if let passphrase { secret = try encrypt(key, passphrase) }
                try secretService.store(nsec: secret, item: SecretServiceItem(profile: id, npub: npub, slot: slot))
            }
        case .ncryptsec:
            var passphrase = given
            if passphrase == nil { passphrase = try storePassphrase(newPassphrase: newPassphrase, whose: whose) }
            for (slot, key) in keys {
                try writePrivateFile(path(slot, keyStore, of: id), try encrypt(key, passphrase ?? "") + "\n")
            }
        case .plain:
            for (slot, key) in keys { try writePrivateFile(path(slot, keyStore, of: id), key.nsec + "\n") }
        }
    }

    /// The passphrase source's passphrase, checked against the master passphrase when there is one.
    /// - Parameter whose: the profile the key belongs to, as the prompt names it.
    private func storePassphrase(newPassphrase: Bool, whose: String) throws(LinkstrError) -> String {
        let verifier = try masterPassphraseVerifier()
        let prompt =
            verifier != nil
            ? "this home's master passphrase (it protects the key of \(whose)): "
            : newPassphrase ? "new passphrase to protect the key of \(whose): " : "passphrase of \(whose): "
        let passphrase = try PassphraseSource(environment: environment).passphrase(prompt: prompt, confirm: newPassphrase && verifier == nil)
        try checkMasterPassphrase(passphrase, verifier)
        return passphrase
    }

    /// Refuses a passphrase other than the master passphrase, when the home has one.
    func checkMasterPassphrase(_ passphrase: String) throws(LinkstrError) {
        try checkMasterPassphrase(passphrase, try masterPassphraseVerifier())
    }

    private func checkMasterPassphrase(_ passphrase: String, _ verifier: MasterPassphraseVerifier?) throws(LinkstrError) {
        if let verifier, !(try verifier.matches(passphrase)) {
            throw LinkstrError(.failed, "that is not this home's master passphrase; its keys are all kept under that one (change it with `linkstr profile passphrase`)")
        }
    }

    private func encrypt(_ key: SecretKey, _ passphrase: String) throws(LinkstrError) -> String {
        do {
            return try NIP49.encrypt(key, password: passphrase)
        } catch {
            throw LinkstrError(.failed, "cannot encrypt the key: \(error)")
        }
    }

    /// The keys in `slots` of `profile`, in that order: from the unlock agent when it holds them,
    /// else from the key store (may ask for the passphrase, once).
    /// - Parameters:
    ///   - given: the passphrase to decrypt with; then the agent is not asked.
    ///   - fromAgent: whether the agent may answer; a caller that writes the keys again asks the
    ///     store for the slots that have no public key to check the agent's copy against.
    func loadKeys(_ slots: [KeySlot], of profile: HomeProfile, passphrase given: String? = nil, fromAgent: Bool = true) throws(LinkstrError) -> [SecretKey] {
        _ = linkstr_forbid_core_dumps()
        if given == nil, fromAgent, profile.account.keyStore != .plain, let held = try keysFromAgent(slots, of: profile) { return held }
        var passphrase = given
        var keys: [SecretKey] = []
        for slot in slots {
            let file = path(slot, profile.account.keyStore, of: profile.id)
            let source: String
            let text: String
            switch profile.account.keyStore {
            case .secretService:
                source = "the Secret Service item of \(profile.name)"
                text = try secretService.lookup(SecretServiceItem(profile: profile.id, npub: profile.npub, slot: slot))
            case .ncryptsec, .plain:
                guard let contents = try? String(contentsOfFile: file, encoding: .utf8) else { throw LinkstrError(.failed, "cannot read \(file)") }
                source = file
                text = contents.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            guard text.hasPrefix("ncryptsec1") else {
                keys.append(try parseNsec(text, source: source))
                continue
            }
            let passphrases = PassphraseSource(environment: environment)
            let withoutTerminal =
                "profile '\(profile.name)' is locked and there is no terminal to ask for its passphrase: run `linkstr unlock` "
                + "(once per login session), or set LINKSTR_PASSPHRASE_FILE to a file holding it"
            let asked = passphrase == nil && passphrases.asksOnTerminal
            if passphrase == nil {
                passphrase = try passphrases.passphrase(prompt: "passphrase of profile '\(profile.name)': ", confirm: false, withoutTerminal: withoutTerminal)
            }
            do throws(NIP49Error) {
                keys.append(try NIP49.decrypt(text, password: passphrase ?? "").secretKey)
            } catch .wrongPasswordOrCorrupted where asked {
                // Typed at a terminal: a typo gets a second try.
                passphrase = try passphrases.passphrase(
                    prompt: "wrong passphrase; passphrase of profile '\(profile.name)' again: ", confirm: false, withoutTerminal: withoutTerminal)
                keys.append(try decrypt(text, passphrase ?? "", profile: profile, source: source))
            } catch {
                throw Self.unlockFailure(error, profile: profile, source: source)
            }
        }
        return keys
    }

    private func decrypt(_ text: String, _ passphrase: String, profile: HomeProfile, source: String) throws(LinkstrError) -> SecretKey {
        do {
            return try NIP49.decrypt(text, password: passphrase).secretKey
        } catch {
            throw Self.unlockFailure(error, profile: profile, source: source)
        }
    }

    /// Why a key of `profile` did not decrypt: a wrong passphrase (the usual case: the file cannot
    /// tell a typo from tampering, so it is not called damaged), or a file that is no ncryptsec.
    private static func unlockFailure(_ error: NIP49Error, profile: HomeProfile, source: String) -> LinkstrError {
        guard case .wrongPasswordOrCorrupted = error else { return LinkstrError(.failed, "cannot unlock profile '\(profile.name)': \(source) is damaged (\(error))") }
        return LinkstrError(.failed, "cannot unlock profile '\(profile.name)': wrong passphrase (for \(source))")
    }

    /// The keys in `slots` of `profile` as the unlock agent holds them; nil when no agent runs or
    /// it does not hold them all.
    /// - Throws: when what answers is not this user's own agent, or the account key it gives is
    ///   not the profile's (an agent that hands out another key would have it used and written).
    private func keysFromAgent(_ slots: [KeySlot], of profile: HomeProfile) throws(LinkstrError) -> [SecretKey]? {
        var request = UnlockAgentMessage(.key)
        request.profile = profile.id.rawValue
        guard let reply = try agent.request(request), reply.ok == true, let held = reply.keys else { return nil }
        var keys: [SecretKey] = []
        for slot in slots {
            guard let nsec = held[slot.fileName], let key = try? SecretKey(nsec: nsec) else { return nil }
            if slot == .accountKey, key.publicKey.hex != profile.account.pubkey {
                throw LinkstrError(.failed,
                    "the unlock agent on \(agent.address.socketPath) gave a key that is not the key of profile '\(profile.name)' (\(profile.npub)); "
                        + "nothing was used or written. Stop that agent (`linkstr lock`), then run `linkstr unlock` again")
            }
            keys.append(key)
        }
        return keys
    }

    /// Removes the keys in `slots` of `profile`.
    func removeKeys(_ slots: [KeySlot], of profile: HomeProfile) throws(LinkstrError) {
        for slot in slots {
            if profile.account.keyStore == .secretService {
                try secretService.remove(SecretServiceItem(profile: profile.id, npub: profile.npub, slot: slot))
            } else {
                try removeFile(path(slot, profile.account.keyStore, of: profile.id))
            }
        }
    }

    func removeFile(_ path: String) throws(LinkstrError) {
        guard FileManager.default.fileExists(atPath: path) else { return }
        guard unlink(path) == 0 else { throw LinkstrError(.failed, "cannot remove \(path): \(String(cString: strerror(errno)))") }
    }

    func parseNsec(_ text: String, source: String) throws(LinkstrError) -> SecretKey {
        do {
            return try SecretKey(nsec: text.trimmingCharacters(in: .whitespacesAndNewlines))
        } catch {
            throw LinkstrError(.failed, "\(source) does not hold a valid nsec")
        }
    }

    /// Writes `text` atomically with mode 0600 (its folder is created with 0700).
    func writePrivateFile(_ path: String, _ text: String) throws(LinkstrError) {
        do {
            try PrivateFile.replace(path, with: Array(text.utf8))
        } catch {
            throw LinkstrError(.failed, error.description)
        }
    }

    /// Makes the folder's entries (a key written or removed) durable before the command reports it.
    func syncDirectory(_ directory: String) throws(LinkstrError) {
        do {
            try PrivateFile.syncFolder(directory)
        } catch {
            throw LinkstrError(.failed, error.description)
        }
    }
}
