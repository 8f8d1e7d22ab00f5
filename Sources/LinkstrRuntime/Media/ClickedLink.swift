import Foundation

/// A link the desktop hands to linkstr when one is clicked in a browser or a chat, and what it asks
/// for: a shared post (`linkstr://open`), a page to save (`linkstr://save`), a remote signer to
/// connect to (`bunker://`), or a signer's connection request that linkstr cannot answer
/// (`nostrconnect://`). Any web page can make such a link: what it asks for is only shown, and done
/// once the person confirms it.
public enum ClickedLink: Sendable, Equatable {
    case open(DeepLink)
    case save(SaveLink)
    case bunker(BunkerLink)
    case nostrConnect

    /// What linkstr says about a `nostrconnect://` link.
    public static let nostrConnectExplanation =
        "a nostrconnect:// link is made by an app for a signer to connect to it, and linkstr is not that signer; "
        + "to sign in linkstr with a remote signer, run `linkstr account connect --nostrconnect` and scan its link with the signer"

    /// - Throws: `.badInput`, saying what is wrong with the link and what a valid one looks like.
    public init(parsing text: String) throws(LinkstrError) {
        let link = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let scheme = link.prefix(while: { $0 != ":" }).lowercased()
        switch scheme {
        case BunkerLink.scheme:
            do {
                self = .bunker(try BunkerLink(parsing: link))
            } catch {
                throw LinkstrError(.badInput, error.description)
            }
        case NostrConnectLink.scheme:
            self = .nostrConnect
        default:
            if let save = try SaveLink.decode(link) {
                self = .save(save)
                return
            }
            do {
                self = .open(try DeepLink.decode(link))
            } catch {
                throw LinkstrError(.badInput, error.description)
            }
        }
    }
}
