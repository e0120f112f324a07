import Foundation
import Testing

/// docs/evidence.md, the evidence ledger, is made from the profiles: every object in a profile
/// that names its `source` is one entry (its mechanism, its facts, the OS versions it holds for,
/// its source and how sure that is), and each fact lists the tests that quote it, so that a fact
/// no test holds shows as such. This test fails when the file is not what the profiles make;
/// `EARSHOT_UPDATE_EVIDENCE=1 swift test --filter EvidenceLedgerTests` writes it again.
@Suite("The evidence ledger")
struct EvidenceLedgerTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    /// The ledger, made once for the tests that read it.
    static let made = Result { try Ledger.make(root: root) }

    @Test func theLedgerIsWhatTheProfilesMake() throws {
        let made = try Self.made.get()
        let file = Self.root.appendingPathComponent("docs/evidence.md")
        if ProcessInfo.processInfo.environment["EARSHOT_UPDATE_EVIDENCE"] == "1" {
            try made.write(to: file, atomically: true, encoding: .utf8)
        }
        let written = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        let same = written == made
        #expect(same, "docs/evidence.md is not what the profiles make: run EARSHOT_UPDATE_EVIDENCE=1 swift test --filter EvidenceLedgerTests")
    }

    /// Every fact is held by a test that quotes it or says `Holds:` for it.
    @Test func everyFactIsHeldByATest() throws {
        let made = try Self.made.get()
        let gaps = made.split(separator: "\n").filter { $0.hasSuffix("| none |") }
        #expect(gaps.isEmpty, "facts no test holds:\n\(gaps.joined(separator: "\n"))")
    }

    /// Every entry names a source, and a versioned patch starts at an OS version its profile knows.
    @Test func everyEntryHasASourceAndAKnownVersion() throws {
        for entry in try Ledger.entries(root: Self.root) {
            #expect(!entry.source.trimmingCharacters(in: .whitespaces).isEmpty, "\(entry.title)")
            if let from = entry.from {
                #expect(entry.knownVersions.contains(from), "\(entry.title): from \(from), not one of \(entry.knownVersions)")
            }
        }
    }
}

/// The ledger's entries and its Markdown.
enum Ledger {
    struct Entry {
        var platform: String
        var mechanism: String
        var title: String
        /// The key path of the object the facts are in (`escapeDefaults`; empty for a patch).
        var path: String
        /// Key path and value, in key order.
        var facts: [(String, String)]
        var versions: String
        var source: String
        /// The OS version a versioned patch starts at, and the versions its profile knows.
        var from: String? = nil
        var knownVersions: [String] = []

        /// How sure the source says it is: what its own words say.
        var confidence: String {
            let lower = source.lowercased()
            if lower.contains("contested") || lower.contains("disagree") { return "contested (both kept, by version)" }
            if lower.contains("weak") || lower.contains("assumed") || lower.contains("no public") { return "partly weak (see the source)" }
            return "as the source states"
        }
    }

    static func entries(root: URL) throws -> [Entry] {
        let folder = root.appendingPathComponent("Sources/EarshotCore/Resources/Profiles")
        var entries: [Entry] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).filter({ $0.hasSuffix(".json") }).sorted() {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            guard let profile = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { continue }
            let platform = String(name.dropLast(".json".count))
            // A language's profile knows the OS versions of the profile it translates.
            var os = profile["os"] as? [String: Any]
            if os == nil, let base = profile["base"] as? String,
               let data = try? Data(contentsOf: folder.appendingPathComponent(base + ".json")),
               let translated = try JSONSerialization.jsonObject(with: data) as? [String: Any] {
                os = translated["os"] as? [String: Any]
            }
            let known = (os?["versions"] as? [String] ?? []).joined(separator: ", ")
            let all = known.isEmpty ? "every version" : "\(known) (unless a later entry changes it)"
            for key in profile.keys.sorted() where key != "versioned" && key != "source" {
                collect(profile[key]!, path: key, platform: platform, mechanism: key, versions: all, into: &entries)
            }
            for (index, patch) in (profile["versioned"] as? [[String: Any]] ?? []).enumerated() {
                let from = patch["from"] as? String ?? "?"
                var facts: [(String, String)] = []
                flatten(patch["set"] ?? [:], path: "", into: &facts)
                entries.append(Entry(platform: platform, mechanism: "versioned",
                                     title: "\(platform): from \(from) (versioned[\(index)])", path: "", facts: facts,
                                     versions: "\(from) and later", source: patch["source"] as? String ?? "",
                                     from: from, knownVersions: os?["versions"] as? [String] ?? []))
            }
        }
        return entries
    }

    /// Each object with a `source` is an entry; its facts are its other members, flattened, but
    /// for a member with a `source` of its own (a toolkit's grabber), which is an entry of its own.
    private static func collect(_ value: Any, path: String, platform: String, mechanism: String, versions: String,
                                into entries: inout [Entry]) {
        if let object = value as? [String: Any] {
            if let source = object["source"] as? String {
                var facts: [(String, String)] = []
                var sourced: [String] = []
                // A member's own source (`rowThresholdSource`) is said beside its fact, not a fact.
                for key in object.keys.sorted() where key != "source" && !key.hasSuffix("Source") {
                    if let member = object[key] as? [String: Any], member["source"] is String {
                        sourced.append(key)
                    } else {
                        flatten(object[key]!, path: key, into: &facts)
                    }
                }
                entries.append(Entry(platform: platform, mechanism: mechanism, title: "\(platform): \(path)", path: path, facts: facts,
                                     versions: versions, source: source))
                for key in sourced {
                    collect(object[key]!, path: path + "." + key, platform: platform, mechanism: mechanism, versions: versions, into: &entries)
                }
                return
            }
            for key in object.keys.sorted() {
                collect(object[key]!, path: path + "." + key, platform: platform, mechanism: mechanism, versions: versions, into: &entries)
            }
        } else if let list = value as? [Any] {
            for (index, item) in list.enumerated() {
                collect(item, path: "\(path)[\(index)]", platform: platform, mechanism: mechanism, versions: versions, into: &entries)
            }
        }
    }

    private static func flatten(_ value: Any, path: String, into facts: inout [(String, String)]) {
        if let object = value as? [String: Any] {
            for key in object.keys.sorted() where key != "source" {
                flatten(object[key]!, path: path.isEmpty ? key : path + "." + key, into: &facts)
            }
        } else if let list = value as? [Any] {
            if list.allSatisfy({ !($0 is [String: Any]) && !($0 is [Any]) }) {
                facts.append((path, list.map { "\($0)" }.joined(separator: ", ")))
            } else {
                for (index, item) in list.enumerated() { flatten(item, path: "\(path)[\(index)]", into: &facts) }
            }
        } else if value is NSNull {
            facts.append((path, "(removed)"))
        } else {
            facts.append((path, "\(value)"))
        }
    }

    /// The test files that quote a fact's words, by name; nil for a fact that is not words
    /// VoiceOver speaks (a number, a setting's name such as `content`), which behaviour tests hold.
    static func tests(quoting value: String, in tests: [(String, String)]) -> [String]? {
        guard value.count >= 3, value.contains(where: { $0.isUppercase || $0 == " " }), !value.contains(", ") else { return nil }
        if let brace = value.firstIndex(of: "{") {
            // A template (`{count} characters`): the words around its first placeholder.
            let words = [String(value[..<brace]), String(value[value.index(after: value.firstIndex(of: "}") ?? brace)...])]
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.count >= 3 }
            guard let longest = words.max(by: { $0.count < $1.count }) else { return nil }
            return tests.filter { contains($0.1, longest) }.map(\.0).sorted()
        }
        let quoted = value.replacingOccurrences(of: "\"", with: "\\\"")
        return tests.filter { contains($0.1, quoted) }.map(\.0).sorted()
    }

    /// Whether `text` holds `part`, byte for byte (strstr(3)): Foundation's `contains`, which
    /// this file's `import Foundation` picks, compares by canonical equivalence through NSString,
    /// and the stdlib's generic search is slow in a debug build; either was most of this suite.
    static func contains(_ text: String, _ part: String) -> Bool {
        text.withCString { text in part.withCString { strstr(text, $0) != nil } }
    }

    /// The test files that say they hold a fact: a line `Holds: a.b.c, d.*` names key paths
    /// (`escapeDefaults.styles.fullScreen`), or prefixes of them followed by `.*`, each for every
    /// platform or for one (`macos:bar.dismissing`). Behaviour tests (Swift, or the YAML
    /// fixtures the rule tests run) say so for the facts they hold that are not quoted words.
    static func tests(holding path: String, platform: String, in held: [(String, [String])]) -> [String] {
        held.filter { file in
            file.1.contains { written in
                var name = Substring(written)
                if let colon = name.firstIndex(of: ":") {
                    guard name[..<colon] == platform.split(separator: ".").first ?? "" else { return false }
                    name = name[name.index(after: colon)...]
                }
                return name == path || name.hasSuffix(".*") && path.hasPrefix(name.dropLast())
            }
        }.map(\.0).sorted()
    }

    /// The key paths named on a file's `Holds:` lines.
    static func held(in text: String) -> [String] {
        text.split(separator: "\n").flatMap { line -> [String] in
            guard let range = line.range(of: "Holds: ") else { return [] }
            return line[range.upperBound...].split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: ".`"))).replacingOccurrences(of: "`", with: "")
            }
        }
    }

    static func make(root: URL) throws -> String {
        var testFiles: [(String, String)] = []
        if let names = FileManager.default.enumerator(atPath: root.appendingPathComponent("Tests").path) {
            for case let name as String in names where (name.hasSuffix(".swift") || name.hasSuffix(".yaml"))
                && !name.hasSuffix("EvidenceLedgerTests.swift") {
                let text = (try? String(contentsOf: root.appendingPathComponent("Tests/" + name), encoding: .utf8)) ?? ""
                let file = (name as NSString).lastPathComponent
                testFiles.append((file.hasSuffix(".swift") ? String(file.dropLast(".swift".count)) : file, text))
            }
        }
        let entries = try entries(root: root)
        let held = testFiles.map { ($0.0, Self.held(in: $0.1)) }.filter { !$0.1.isEmpty }
        var quoting: [String: [String]] = [:]
        var text = """
            # Evidence ledger

            Every VoiceOver, TalkBack, UIKit and Android fact the platform profiles hold, grouped by
            platform and mechanism: the fact, the OS versions it holds for, its
            public source and how sure the source is, and the tests that hold it.
            This file is made from `Sources/EarshotCore/Resources/Profiles/*.json`
            by `Tests/EarshotCoreTests/EvidenceLedgerTests.swift` (run it with
            `EARSHOT_UPDATE_EVIDENCE=1` after changing a profile); behaviour that
            is decided rather than sourced is in [decisions.md](decisions.md).
            A test holds a fact when it quotes the fact's words, or when it says
            `Holds: <key path>` (`Holds: escapeDefaults.styles.fullScreen`,
            `notifications.posted.*` for a group, `macos:bar.dismissing` for one
            platform) above the test, or in the YAML fixture, that would fail
            without it. A fact no test holds says "none": a gap to close.

            """
        var body = "", platform = ""
        var count = 0, holdsOne = 0
        for entry in entries {
            if entry.platform != platform {
                platform = entry.platform
                body += "\n## \(platform)\n"
            }
            body += "\n### \(entry.title)\n\n"
            body += "| fact | value | tests that hold it |\n|---|---|---|\n"
            for (key, value) in entry.facts {
                let cell = value.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
                let path = entry.path.isEmpty ? key : entry.path + "." + key
                if quoting[value] == nil { quoting[value] = tests(quoting: value, in: testFiles) ?? [] }
                let holding = Set(quoting[value]! + tests(holding: path, platform: entry.platform, in: held)).sorted()
                count += 1
                if !holding.isEmpty { holdsOne += 1 }
                body += "| `\(key)` | \(cell) | \(holding.isEmpty ? "none" : holding.prefix(4).joined(separator: ", ")) |\n"
            }
            body += "\n- **Versions:** \(entry.versions)\n- **Confidence:** \(entry.confidence)\n"
            body += "- **Source:** \(entry.source.replacingOccurrences(of: "\n", with: " "))\n"
        }
        text += "\n\(count) facts in \(entries.count) entries; \(holdsOne) held by a test, \(count - holdsOne) by none.\n"
        text += body
        return text
    }
}
