import EarshotReader
@testable import EarshotScenario
import Foundation
import Testing

/// docs/guide.md's tables of steps and of `expect:` keys list every step and key the scenario
/// loader takes, so that one added without a row fails here, naming it.
@Suite("The guide's tables")
struct GuideTablesTests {
    static let guide = (try? String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../docs/guide.md").standardized, encoding: .utf8)) ?? ""

    /// The table that starts with `header`, to the first line that is not a row.
    static func table(_ header: String) throws -> String {
        let start = try #require(guide.range(of: header), "docs/guide.md has no table headed \(header)")
        return guide[start.lowerBound...].split(separator: "\n").prefix { $0.hasPrefix("|") }.joined(separator: "\n")
    }

    @Test func everyStepHasARow() throws {
        let table = try Self.table("| step | gesture | what Earshot does |")
        #expect(Gesture.Kind.all.count >= 20)
        for kind in Gesture.Kind.all {
            #expect(table.contains("`\(kind.name)`") || table.contains("`\(kind.name):"), "docs/guide.md's step table has no \(kind.name)")
        }
    }

    @Test func everyExpectationKeyHasARow() throws {
        let table = try Self.table("| key | holds when |")
        for key in Expectation.Kind.Key.allCases {
            #expect(table.contains("`\(key.rawValue)`"), "docs/guide.md's expect table has no \(key.rawValue)")
        }
    }
}
