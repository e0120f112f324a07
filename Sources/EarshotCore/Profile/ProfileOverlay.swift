import Foundation

/// A team's own corrections to the bundled profiles, each fact with the recording that showed
/// it (docs/calibration.md, "Correcting Earshot"). Named in `.earshot.yml` (`profiles:`), an
/// overlay is laid over the bundled profile of its platform and language wherever a scene is
/// made (`run`, `audit`, `calibrate`); the bundled profiles stay public evidence only.
///
/// ```swift
/// let overlay = ProfileOverlay(name: "Our app", facts: [
///     .init(path: ["grabber", "values", "medium"], value: .text("Collapsed"), platform: .ios,
///           language: "en", from: "27", source: "compose.recording.yaml:14"),
/// ])
/// try Profile.bundled(.ios, os: "27").overlaid(by: [overlay]).grabber?.values["medium"]   // "Collapsed"
/// ```
public struct ProfileOverlay: Hashable, Sendable {
    /// One profile fact set: the key path into the profile (`words.button`), its value, where it
    /// applies and why.
    public struct Fact: Hashable, Sendable {
        public var path: [String]
        public var value: ProfileValue
        public var platform: Platform
        public var language: String
        /// The OS version from which the fact holds (nil: every version).
        public var from: String?
        /// The recording (or other evidence) that shows it.
        public var source: String
        /// Where the fact is written.
        public var location: SourceLocation

        public init(path: [String], value: ProfileValue, platform: Platform, language: String, from: String? = nil,
                    source: String, location: SourceLocation = .code()) {
            self.path = path
            self.value = value
            self.platform = platform
            self.language = language
            self.from = from
            self.source = source
            self.location = location
        }

        /// `words.button`, as docs and messages write it.
        public var dottedPath: String { path.joined(separator: ".") }

        /// Whether the fact applies to a profile of this platform, language and OS version.
        public func applies(to platform: Platform, language: String, os: String) -> Bool {
            self.platform == platform && self.language == language && from.map { Profile.version(os, isAtLeast: $0) } != false
        }
    }

    public var name: String
    public var facts: [Fact]

    public init(name: String, facts: [Fact]) {
        self.name = name
        self.facts = facts
    }
}

/// A value in a profile: what an overlay's fact sets.
public indirect enum ProfileValue: Hashable, Sendable {
    case text(String)
    case number(Double)
    case bool(Bool)
    case null
    case list([ProfileValue])
    case object([String: ProfileValue])

    /// The value as `JSONSerialization` holds it.
    var json: Any {
        switch self {
        case .text(let text): text
        case .number(let number): number
        case .bool(let bool): bool
        case .null: NSNull()
        case .list(let items): items.map(\.json)
        case .object(let object): object.mapValues(\.json)
        }
    }
}

extension Profile {
    /// This profile with the facts of `overlays` that apply to its platform, language and
    /// version set, in order (a later fact wins). A fact whose value does not fit the profile
    /// (a list where a word goes) throws, naming where the fact is written.
    public func overlaid(by overlays: [ProfileOverlay]) throws -> Profile {
        let facts = overlays.flatMap(\.facts).filter { $0.applies(to: platform, language: language, os: version) }
        guard !facts.isEmpty else { return self }
        guard var object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(self)) as? [String: Any] else {
            throw ProfileError(description: "the profile cannot be written as JSON")
        }
        for fact in facts {
            object = Self.setting(fact.value.json, at: fact.path[...], in: object)
            do {
                _ = try JSONDecoder().decode(Profile.self, from: JSONSerialization.data(withJSONObject: object))
            } catch {
                throw ProfileError(description: "\(fact.location): the overlay's fact '\(fact.dottedPath)' does not fit the \(platform.rawValue) profile: \(Self.reason(error))")
            }
        }
        return try JSONDecoder().decode(Profile.self, from: JSONSerialization.data(withJSONObject: object))
    }

    private static func setting(_ value: Any, at path: ArraySlice<String>, in object: [String: Any]) -> [String: Any] {
        guard let key = path.first else { return object }
        var object = object
        if path.count == 1 {
            if value is NSNull { object.removeValue(forKey: key) } else { object[key] = value }
        } else {
            object[key] = setting(value, at: path.dropFirst(), in: object[key] as? [String: Any] ?? [:])
        }
        return object
    }

    /// A decoding error in a sentence: what was expected where.
    static func reason(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .typeMismatch(let type, let context)?:
            "expected \(describe(type)) at '\(dotted(context.codingPath))'"
        case .valueNotFound(let type, let context)?:
            "expected \(describe(type)) at '\(dotted(context.codingPath))', found null"
        case .keyNotFound(let key, let context)?:
            "'\(dotted(context.codingPath + [key]))' is required"
        case .dataCorrupted(let context)?:
            "'\(dotted(context.codingPath))': \(context.debugDescription)"
        default:
            "\(error)"
        }
    }

    private static func dotted(_ path: [any CodingKey]) -> String {
        path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "text"
        case is Bool.Type: "true or false"
        case is Double.Type, is Int.Type: "a number"
        default: "\(type)".contains("Array") ? "a list" : "an object"
        }
    }
}

extension Scene {
    /// The same scene with `overlays`' facts laid over its profile: Earshot's own elements are
    /// made anew from them, as with ``applying(os:language:)``.
    public func applying(overlays: [ProfileOverlay]) throws -> Scene {
        let overlaid = try profile.overlaid(by: overlays)
        guard overlaid != profile else { return self }
        return rebuilt(with: overlaid)
    }
}

/// One fact of a profile as it applies at a version: its key path, its words, and the evidence
/// given for it (the `source` of the nearest object holding it, of the version patch that set
/// it, or of the overlay's fact).
public struct ProfileFact: Hashable, Sendable {
    /// `words.button`, `grabber.values.medium`, `barActions[2]`.
    public var path: String
    public var value: String
    public var source: String
    /// Where the fact is: `ios.en.json`, `ios.en.json, from 18`, or an overlay's file and line.
    public var origin: String
    /// Whether a team's overlay set it rather than Earshot's bundled profile.
    public var isOverlay: Bool
    /// Its entry in docs/evidence.md (`ios.en: grabber`, `ios.en: from 18 (versioned[0])`); nil
    /// for an overlay's fact.
    public var evidence: String?

    public init(path: String, value: String, source: String, origin: String, isOverlay: Bool = false, evidence: String? = nil) {
        self.path = path
        self.value = value
        self.source = source
        self.origin = origin
        self.isOverlay = isOverlay
        self.evidence = evidence
    }
}

extension Profile {
    /// Every word of the bundled profile for this platform, language and version, each with its
    /// evidence, then the overlays' facts that apply: what calibration traces Earshot's words to.
    public static func facts(_ platform: Platform, language: String, os: String,
                             overlays: [ProfileOverlay] = []) throws -> [ProfileFact] {
        var facts = try ProfileStore.shared.facts(platform, language: language, os: os)
        for fact in overlays.flatMap(\.facts) where fact.applies(to: platform, language: language, os: os) {
            let path = fact.dottedPath
            let origin = "\(fact.location.file):\(fact.location.line)"
            var added: [ProfileFact] = []
            ProfileStore.leaves(of: fact.value.json, path: path) { leafPath, text in
                added.append(ProfileFact(path: leafPath, value: text, source: fact.source, origin: origin, isOverlay: true))
            }
            facts.removeAll { $0.path == path || $0.path.hasPrefix(path + ".") || $0.path.hasPrefix(path + "[") }
            facts += added
        }
        return facts
    }
}

extension ProfileStore {
    /// The profile's text leaves with the source nearest each, then those the version's patches
    /// set; each with the file it is written in and its docs/evidence.md entry.
    func facts(_ platform: Platform, language: String, os: String) throws -> [ProfileFact] {
        let name = "\(platform.rawValue).\(language)"
        let file: [String: Any]
        let chain: [(name: String, own: Set<String>, patches: [[String: Any]])]
        do {
            lock.lock()
            defer { lock.unlock() }
            file = try self.file(name, platform: platform, language: language)
            if chains[name] == nil { chains[name] = Self.chain(name) }
            chain = chains[name]!
        }
        // Which file writes a top-level key: the language's own, the translation it takes, or the base.
        func writer(of key: String) -> String {
            chain.first { $0.own.contains(key) }?.name ?? chain.last?.name ?? name
        }
        var facts: [String: ProfileFact] = [:]
        var order: [String] = []
        func add(_ fact: ProfileFact) {
            if facts.updateValue(fact, forKey: fact.path) == nil { order.append(fact.path) }
        }
        var top = file
        top.removeValue(forKey: "versioned")
        Self.walk(top, path: "", source: file["source"] as? String ?? "") { path, text, source in
            let key = String(path.prefix { $0 != "." && $0 != "[" })
            let owner = writer(of: key)
            add(ProfileFact(path: path, value: text, source: source, origin: owner + ".json", evidence: "\(owner): \(key)"))
        }
        for patch in file["versioned"] as? [[String: Any]] ?? [] {
            guard let from = patch["from"] as? String, Profile.version(os, isAtLeast: from),
                  let changes = patch["set"] as? [String: Any] else { continue }
            let source = patch["source"] as? String ?? ""
            // The file the patch is written in, and its place there.
            let owner = chain.lazy.compactMap { link in
                link.patches.firstIndex { ($0["from"] as? String) == from && ($0["source"] as? String) == source }.map { (link.name, $0) }
            }.first
            let written = owner?.0 ?? name
            let evidence = owner.map { "\($0.0): from \(from) (versioned[\($0.1)])" }
            Self.walk(changes, path: "", source: source) { path, text, _ in
                add(ProfileFact(path: path, value: text, source: source, origin: "\(written).json, from \(from)", evidence: evidence))
            }
        }
        return order.compactMap { facts[$0] }
    }

    /// A profile file and those it is made over, own first: its own keys and version patches.
    static func chain(_ name: String) -> [(name: String, own: Set<String>, patches: [[String: Any]])] {
        guard let folder = ResourceFolder.profiles else { return [] }
        var result: [(name: String, own: Set<String>, patches: [[String: Any]])] = []
        var next: [String] = [name]
        while let current = next.first, result.count < 4 {
            next.removeFirst()
            guard let data = try? Data(contentsOf: folder.appendingPathComponent(current + ".json")),
                  let raw = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { break }
            let own = Set(raw.keys).subtracting(["base", "translation", "versioned"])
            result.append((current, own, raw["versioned"] as? [[String: Any]] ?? []))
            next += [raw["translation"], raw["base"]].compactMap { $0 as? String }
        }
        return result
    }

    /// Calls `visit` with each text leaf of `object` (sources and what says how a file is made
    /// left out), its dotted path and the source of the nearest object that gives one.
    static func walk(_ object: [String: Any], path: String, source: String, _ visit: (String, String, String) -> Void) {
        let own = object["source"] as? String ?? source
        for key in object.keys.sorted() where key != "source" && !key.hasSuffix("Source") && !["base", "translation"].contains(key) {
            let keyPath = path.isEmpty ? key : path + "." + key
            let value = object[key]!
            if let child = value as? [String: Any] {
                walk(child, path: keyPath, source: own, visit)
            } else {
                leaves(of: value, path: keyPath) { visit($0, $1, own) }
            }
        }
    }

    /// The text leaves of a JSON value: itself, or a list's or object's texts.
    static func leaves(of value: Any, path: String, _ visit: (String, String) -> Void) {
        switch value {
        case let text as String: visit(path, text)
        case let items as [Any]:
            for (index, item) in items.enumerated() { leaves(of: item, path: "\(path)[\(index)]", visit) }
        case let object as [String: Any]:
            for key in object.keys.sorted() where key != "source" { leaves(of: object[key]!, path: path + "." + key, visit) }
        default: break
        }
    }
}
