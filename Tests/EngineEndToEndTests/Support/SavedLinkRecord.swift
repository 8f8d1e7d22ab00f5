/// `linkstr save|saved|tag|unsave|restore --json`: a saved link.
struct SavedLinkRecord: Decodable, Equatable {
    var id: String
    var url: String
    var tags: [String]
    var savedAt: String
    var note: String?
    var deletedAt: String?
    var sharedBy: String?
    var session: String?
    var alreadySaved: Bool?

    enum CodingKeys: String, CodingKey {
        case id, url, tags, note, session
        case savedAt = "saved_at"
        case deletedAt = "deleted_at"
        case sharedBy = "shared_by"
        case alreadySaved = "already_saved"
    }
}
