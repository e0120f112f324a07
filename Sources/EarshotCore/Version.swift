/// Earshot's version, in one place: `earshot --version` prints it, and the reports carry it
/// (SARIF's `tool.driver.version`, JUnit's `earshot.version` property, JSON's `version`). A
/// release is tagged with it (docs/release.md) and CHANGELOG.md's first entry names it; a test
/// holds the three together.
public enum EarshotVersion {
    public static let current = "0.10.0"

    /// Where Earshot is published: its Swift package's URL (with `.git`) and its releases' page,
    /// which every install instruction in README.md and docs/ names (a test holds them to it).
    public static let repository = "https://github.com/earshot/earshot"
}
