/// `linkstr tags --json`: one tag.
struct TagScoreRecord: Decodable, Equatable {
    var name: String
    var count: Int
    var score: Double
}
