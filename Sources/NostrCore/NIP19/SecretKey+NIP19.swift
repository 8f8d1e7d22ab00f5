extension SecretKey {
    /// The `nsec1…` string. This exposes the secret key; store or show it deliberately.
    public var nsec: String {
        var bytes = exportBytes()
        defer { bytes.withUnsafeMutableBytes { ConstantTime.wipe($0) } }
        return Bech32.encode(hrp: "nsec", data: bytes)
    }

    /// Parses an `nsec1…` string.
    public convenience init(nsec: String) throws(NIP19Error) {
        guard case let .nsec(key) = try NIP19.decode(nsec) else { throw .unknownPrefix(NIP19.prefix(of: nsec)) }
        self.init(copying: key)
    }
}
