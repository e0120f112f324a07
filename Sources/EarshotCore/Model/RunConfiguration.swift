/// One configuration a scenario runs in (docs/format.md, "Configurations"): a device's size
/// class (iPhone or iPad: the `ios` or `ipados` platform), an OS version and a language, each
/// instead of the scene's own when given. The standard configuration gives none: the scene as
/// written.
///
/// ```yaml
/// configurations: [ {}, { os: "26" }, { os: "18", language: ja }, { platform: ipados } ]
/// ```
public struct RunConfiguration: Hashable, Sendable, CustomStringConvertible {
    /// `ios` or `ipados` for a scene of either (``Platform/sizeClassSibling``): the same app on
    /// the other device, in its size class.
    public var platform: Platform?
    public var os: String?
    public var language: String?
    /// Where it was written (a scenario's or configuration file's list), for problems with it.
    public var location: SourceLocation?

    public init(platform: Platform? = nil, os: String? = nil, language: String? = nil, location: SourceLocation? = nil) {
        self.platform = platform
        self.os = os
        self.language = language
        self.location = location
    }

    /// The scene as written.
    public static let standard = RunConfiguration()

    public var isStandard: Bool { platform == nil && os == nil && language == nil }

    /// Its name in file names and on the command line (`--configuration`): `os26`, `de`,
    /// `os18-ja`, `ipados-os26`; `default` for the standard one.
    public var name: String {
        isStandard ? "default" : [platform?.rawValue, os.map { "os" + $0 }, language].compactMap { $0 }.joined(separator: "-")
    }

    /// What reports say of it: `os 26, de`, `ipados, os 26`; `default`.
    public var description: String {
        isStandard ? "default" : [platform?.rawValue, os.map { "os " + $0 }, language].compactMap { $0 }.joined(separator: ", ")
    }

    /// What a file written for it adds before its extension: nothing for the standard one (so
    /// `NAME.transcript` stays where it was), else `.NAME` (`NAME.os26-de.transcript`).
    public var fileSuffix: String { isStandard ? "" : "." + name }

    // Where it was written is not what it is.
    public static func == (lhs: RunConfiguration, rhs: RunConfiguration) -> Bool {
        lhs.platform == rhs.platform && lhs.os == rhs.os && lhs.language == rhs.language
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(platform)
        hasher.combine(os)
        hasher.combine(language)
    }
}
