extension FixtureBuilder {
    /// The files of this target the commands under test read or run: golden output, Secret Service
    /// scripts, a C program built against an installed prefix.
    static var fixturesDirectory: String { repositoryRoot + "/Tests/LinkstrCLITests/Fixtures" }
}
