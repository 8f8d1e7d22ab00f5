/// `linkstr tags --json`: one tag.
struct TagScoreRecord: Decodable, Equatable {
    var name: String
    var count: Int
    var score: Double

    init(name: String, count: Int, score: Double) {
        self.name = name
        self.count = count
        self.score = score
    }

    /// The score to the hundredth: it decays by the second, and a second may pass between a save
    /// and the listing.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        count = try container.decode(Int.self, forKey: .count)
        score = (try container.decode(Double.self, forKey: .score) * 100).rounded() / 100
    }

    private enum CodingKeys: String, CodingKey {
        case name, count, score
    }
}
