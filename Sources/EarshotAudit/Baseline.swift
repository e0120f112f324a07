import Foundation

/// Findings a team has accepted for now (`earshot audit --baseline FILE`): with a baseline,
/// only errors it does not know fail the audit. Written by `--update-baseline` as JSON,
/// sorted, so that it diffs well under version control.
///
/// ```swift
/// let baseline = Baseline(findings: result.findings)
/// try baseline.json().write(to: url, atomically: true, encoding: .utf8)
/// let again = try Baseline(json: Data(contentsOf: url))
/// ```
public struct Baseline: Hashable, Sendable, Codable {
    /// The file format's version.
    public static let currentVersion = 1

    public var version: Int
    /// One entry per fingerprint, sorted by file, element, rule.
    public var findings: [Entry]

    /// One accepted finding. Only the fingerprint is compared; the rest is for people reading
    /// the file (and says where the finding was).
    public struct Entry: Hashable, Sendable, Codable {
        public var fingerprint: String
        public var rule: String
        public var severity: Severity
        public var file: String
        public var element: String?
        public var message: String
        /// The scene files it was found in.
        public var scenes: [String]

        public init(_ finding: Finding) {
            fingerprint = finding.fingerprint ?? ""
            rule = finding.rule
            severity = finding.severity
            file = finding.location.file
            element = finding.element
            message = finding.message
            scenes = finding.scenes
        }
    }

    /// A baseline of these findings (those with a fingerprint), each fingerprint once, sorted.
    public init(findings: [Finding]) {
        self.init(entries: findings.filter { $0.fingerprint != nil }.map(Entry.init))
    }

    init(entries: [Entry]) {
        version = Self.currentVersion
        var seen: Set<String> = []
        findings = entries.filter { seen.insert($0.fingerprint).inserted }.sorted {
            ($0.file, $0.element ?? "", $0.rule, $0.fingerprint) < ($1.file, $1.element ?? "", $1.rule, $1.fingerprint)
        }
    }

    /// Why a file is not a baseline.
    public struct ReadError: Error, Hashable, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Reads a baseline file's bytes.
    public init(json data: Data) throws(ReadError) {
        struct Versioned: Decodable { var version: Int }
        let decoder = JSONDecoder()
        guard let versioned = try? decoder.decode(Versioned.self, from: data) else {
            throw ReadError(description: "not an Earshot baseline (expected a JSON object with \"version\": \(Self.currentVersion) and \"findings\"; write one with --update-baseline)")
        }
        guard versioned.version == Self.currentVersion else {
            throw ReadError(description: "baseline version \(versioned.version) (expected \(Self.currentVersion); write it anew with --update-baseline)")
        }
        do {
            self = try decoder.decode(Baseline.self, from: data)
        } catch {
            throw ReadError(description: "not an Earshot baseline: \(Self.describe(error)) (write it anew with --update-baseline)")
        }
    }

    private static func describe(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, let context)?:
            "'\(key.stringValue)' is missing at \(path(context))"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?, .dataCorrupted(let context)?:
            "\(context.debugDescription) at \(path(context))"
        default:
            "\(error)"
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        return path.isEmpty ? "the top level" : path
    }

    /// The file's text: pretty, keys sorted, a line feed at the end.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }

    /// Whether this run looked where an entry was found: its rule ran and one of its scenes
    /// was audited. Only such entries can be fixed, or replaced by an update.
    static func covers(_ entry: Entry, rules: Set<String>, scenes: Set<String>) -> Bool {
        rules.contains(entry.rule) && entry.scenes.contains { scenes.contains($0) }
    }

    /// The baseline `--update-baseline` writes: the findings of this run, and the entries of
    /// this baseline the run did not look at (a rule not run, a scene not audited).
    public func updated(with result: AuditResult) -> Baseline {
        let kept = findings.filter { !Self.covers($0, rules: result.rules, scenes: Set(result.scenes.map(\.file))) }
        return Baseline(entries: result.findings.filter { $0.fingerprint != nil }.map(Entry.init) + kept)
    }
}
