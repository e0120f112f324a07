@testable import EarshotRunner
@testable import EarshotScenario
import Testing

/// The golden transcript's diff: the shortest one, in memory linear in the
/// transcripts, in bounded work however much they differ.
@Suite("Golden diff")
struct GoldenDiffTests {
    /// The diff as it was: a longest-common-subsequence table of one
    /// transcript against the other, walked from the start (deletions first).
    /// Where several shortest diffs exist it may choose another than the
    /// search does; both keep as many lines.
    static func tableDiff(_ old: [String], _ new: [String]) -> [String] {
        let a = old, b = new
        var lcs = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        var lines: [String] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                lines.append("  \(a[i])"); i += 1; j += 1
            } else if i < a.count, j == b.count || lcs[i + 1][j] >= lcs[i][j + 1] {
                lines.append("- \(a[i])"); i += 1
            } else {
                lines.append("+ \(b[j])"); j += 1
            }
        }
        return lines
    }

    /// A deterministic generator, so that a failure can be replayed.
    struct Lines {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        mutating func transcript(count: Int, alphabet: Int) -> String {
            (0..<count).map { _ in "line \(next(alphabet))" }.joined(separator: "\n")
        }
    }

    @Test func shortDiffsAreTheShortestAndRebuildBothTranscripts() {
        var random = Lines(state: 28)
        for _ in 0..<3_000 {
            let alphabet = 1 + random.next(4)
            let old = random.transcript(count: random.next(9), alphabet: alphabet)
            let new = random.transcript(count: random.next(9), alphabet: alphabet)
            // With context enough to show every line, the diff is the whole script.
            let lines = LineDiff.unified(from: old, to: new, context: 20).split(separator: "\n", omittingEmptySubsequences: false)
                .dropFirst(2).map(String.init)
            let before = Self.tableDiff(LineDiff.lines(old), LineDiff.lines(new))
            if old == new {
                #expect(lines.isEmpty)
                continue
            }
            // It rebuilds both transcripts, and keeps as many lines as the longest common subsequence.
            #expect(lines.filter { !$0.hasPrefix("+") }.map { String($0.dropFirst(2)) }.joined(separator: "\n") == old)
            #expect(lines.filter { !$0.hasPrefix("-") }.map { String($0.dropFirst(2)) }.joined(separator: "\n") == new)
            #expect(lines.filter { $0.hasPrefix(" ") }.count == before.filter { $0.hasPrefix(" ") }.count,
                    "\(old.debugDescription) → \(new.debugDescription)")
        }
    }

    @Test func theDiffOfTheRunnerReadsAsDocumented() {
        let golden = "swipeRight\n  speak: Compose. Button.\nswipeRight\n  speak: Outbox\n"
        let actual = "swipeRight\n  speak: Compose. Button.\nswipeRight\n  speak: Inbox\n"
        #expect(Golden.diff(golden: golden, actual: actual) == [
            "--- golden", "+++ this run", "    speak: Compose. Button.", "  swipeRight", "-   speak: Outbox",
            "+   speak: Inbox", "  ",
        ].joined(separator: "\n"))
        let hunks = (1...20).map { "step \($0)" }
        var changed = hunks
        changed[2] = "step three"
        changed[15] = "step sixteen"
        changed.insert("step 16.5", at: 17)
        #expect(Golden.diff(golden: hunks.joined(separator: "\n"), actual: changed.joined(separator: "\n")) == [
            "--- golden", "+++ this run", "  step 1", "  step 2", "- step 3", "+ step three", "  step 4", "  step 5",
            "@@", "  step 14", "  step 15", "- step 16", "+ step sixteen", "  step 17", "+ step 16.5", "  step 18",
            "  step 19",
        ].joined(separator: "\n"))
    }

    /// A transcript's shape: steps, each with a line or two of speech, many lines alike.
    static func transcript(lines count: Int) -> [String] {
        (0..<count).map { index in index % 2 == 0 ? "swipeRight" : "  speak: Item \(index / 2). Button." }
    }

    @Test func aFortyThousandLineTranscriptDiffsInLinearMemory() {
        let golden = Self.transcript(lines: 40_000)
        var actual = golden
        var expected = ["--- golden", "+++ this run"]
        // Every 997th speech line changes (odd indices: speech), one line is added, one removed.
        let changes = stride(from: 1_001, to: 39_000, by: 1_994)
        for index in changes { actual[index] = "  speak: Item \(index / 2), changed. Button." }
        actual.insert("  announce: Saved", at: 39_500)
        actual.remove(at: 39_800)   // golden line 39,799
        for index in changes {
            if index != 1_001 { expected.append("@@") }
            expected += golden[(index - 2)...(index - 1)].map { "  " + $0 }
            expected += ["- " + golden[index], "+ " + actual[index]]
            expected += golden[(index + 1)...(index + 2)].map { "  " + $0 }
        }
        expected += ["@@"] + golden[39_498...39_499].map { "  " + $0 } + ["+   announce: Saved"]
            + golden[39_500...39_501].map { "  " + $0 }
        expected += ["@@"] + golden[39_797...39_798].map { "  " + $0 } + ["- " + golden[39_799]]
            + golden[39_800...39_801].map { "  " + $0 }

        let old = golden.joined(separator: "\n"), new = actual.joined(separator: "\n")
        #expect(LineDiff.unified(from: old, to: new) == expected.joined(separator: "\n"))

        let script = LineDiff.script(LineDiff.lines(old), LineDiff.lines(new))
        let size = golden.count + actual.count
        // Two diagonal arrays as long as both transcripts: the table was golden.count × actual.count cells.
        #expect(script.stats.cells <= 2 * (size + 3))
        #expect(script.stats.coarseRegions == 0)
        // The work grows with the length and the changes, not with the product of the lengths.
        #expect(script.stats.work < 100 * size)
    }

    @Test func transcriptsThatDifferEverywhereCostABoundedSearch() {
        let golden = (0..<40_000).map { "golden \($0)" }, actual = (0..<40_000).map { "this run \($0)" }
        let old = golden.joined(separator: "\n"), new = actual.joined(separator: "\n")
        let script = LineDiff.script(LineDiff.lines(old), LineDiff.lines(new))
        #expect(script.stats.coarseRegions == 1)
        #expect(script.stats.work <= LineDiff.workBudget + 4 * (golden.count + actual.count))
        #expect(script.stats.cells <= 2 * (golden.count + actual.count + 3))
        // Shown whole: every golden line removed, then every line of this run added.
        let expected = ["--- golden", "+++ this run"] + golden.map { "- " + $0 } + actual.map { "+ " + $0 }
        #expect(LineDiff.unified(from: old, to: new) == expected.joined(separator: "\n"))
    }

    @Test func pastTheBudgetTheRestIsShownWholeButStillCorrect() {
        // A small budget on a diff with many changes: the common ends are still trimmed, the rest shown whole.
        let golden = (0..<200).map { "line \($0)" }
        var actual = golden
        for index in stride(from: 20, to: 180, by: 3) { actual[index] = "changed \(index)" }
        let old = golden.joined(separator: "\n"), new = actual.joined(separator: "\n")
        let script = LineDiff.script(LineDiff.lines(old), LineDiff.lines(new), budget: 50)
        #expect(script.stats.coarseRegions >= 1)
        let lines = LineDiff.unified(from: old, to: new, context: 1_000, budget: 50).split(separator: "\n").dropFirst(2)
        #expect(lines.filter { !$0.hasPrefix("+") }.map { String($0.dropFirst(2)) } == golden)
        #expect(lines.filter { !$0.hasPrefix("-") }.map { String($0.dropFirst(2)) } == actual)
        #expect(lines.prefix(20).allSatisfy { $0.hasPrefix(" ") })
        #expect(lines.suffix(20).allSatisfy { $0.hasPrefix(" ") })
    }
}
