import LinkstrRuntime

/// What a clicked link (`linkstr://`, `bunker://`, `nostrconnect://`) asks for, as the app shows it
/// before anything is done.
enum ClickedLinkView: Sendable {
    /// A shared post that is in one of this account's sessions.
    case post(url: String, session: String, sessionName: String, post: String)
    /// A shared link that is in none of them (or a link without a post id).
    case sharedURL(url: String, sharedAt: Int64?)
    case save(url: String, tags: [String], note: String?)
    case bunker(link: String, signer: String, relays: [String], hasSecret: Bool)
    case nostrConnect(explanation: String)
}

extension AppRuntime {
    /// What `text` asks for; a post link is looked up in the account's sessions. Nothing is changed.
    func clickedLink(_ text: String) async throws(AppFailure) -> ClickedLinkView {
        let link: ClickedLink
        do throws(LinkstrError) {
            link = try ClickedLink(parsing: text)
        } catch {
            throw AppFailure(error.description, isBadInput: true)
        }
        switch link {
        case .bunker(let bunker):
            return .bunker(link: bunker.uri, signer: bunker.signer.npub, relays: bunker.relays, hasSecret: bunker.secret != nil)
        case .nostrConnect:
            return .nostrConnect(explanation: ClickedLink.nostrConnectExplanation)
        case .save(let save):
            _ = try runtime()
            return .save(url: save.url, tags: save.tags, note: save.note)
        case .open(let deepLink):
            let runtime = try runtime()
            guard let guid = deepLink.messageGUID else { return .sharedURL(url: deepLink.url, sharedAt: nil) }
            return try await mapped {
                // A post id the account does not have (or a link made up by a page) is just its URL.
                guard let post = try? await Sessions.resolvePost(guid, in: runtime), post.url == deepLink.url else {
                    return ClickedLinkView.sharedURL(url: deepLink.url, sharedAt: deepLink.timestamp)
                }
                let sessions = try await Sessions.sessions(archived: false, in: runtime) + Sessions.sessions(archived: true, in: runtime)
                let name = sessions.first { $0.id == post.sessionID }?.name ?? ""
                return .post(url: post.url, session: post.sessionID.rawValue, sessionName: name, post: post.id.hex)
            }
        }
    }

    /// Saves the page of a `linkstr://save` link as `linkstr save` does; returns the tags it has now
    /// and whether it was saved already.
    func saveClickedLink(_ text: String) async throws(AppFailure) -> (url: String, tags: [String], alreadySaved: Bool) {
        let runtime = try runtime()
        let link: ClickedLink
        do throws(LinkstrError) {
            link = try ClickedLink(parsing: text)
        } catch {
            throw AppFailure(error.description, isBadInput: true)
        }
        guard case .save(let save) = link else { throw AppFailure("only a linkstr://save link saves a page", isBadInput: true) }
        return try await mapped {
            let outcome = try await SavedLinks.save(save.url, tags: save.tags, note: save.note, in: runtime)
            return (outcome.link.url, outcome.link.tags, outcome.alreadySaved)
        }
    }
}
