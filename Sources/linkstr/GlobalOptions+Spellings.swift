import ArgumentParser

extension GlobalOptions {
    /// Each global option's spelling (`--home`) and whether it takes a value, read from the
    /// properties of ``GlobalOptions`` (each named `.long`, as ArgumentParser spells a property:
    /// `keyStore` → `--key-store`), so an option added there is also accepted before the subcommand.
    static let spellings: [String: Bool] = {
        var spellings: [String: Bool] = [:]
        for child in Mirror(reflecting: GlobalOptions()).children {
            guard let label = child.label, label.hasPrefix("_") else { continue }
            var name = "--"
            for character in label.dropFirst() {
                if character.isUppercase { name += "-" }
                name += character.lowercased()
            }
            spellings[name] = !(child.value is Flag<Bool>)
        }
        return spellings
    }()
}
