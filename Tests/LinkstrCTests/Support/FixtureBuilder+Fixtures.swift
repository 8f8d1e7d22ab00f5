extension FixtureBuilder {
    /// The C programs and Python scripts of this target, which embed liblinkstr.so.
    static var fixturesDirectory: String { repositoryRoot + "/Tests/LinkstrCTests/Fixtures" }
}
