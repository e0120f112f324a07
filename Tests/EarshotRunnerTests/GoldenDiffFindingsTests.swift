import EarshotRunner
import EarshotScenario
import Testing

/// What the fuzzer's golden-diff target found (`earshot-fuzz`, target 7): a diff's lines are the
/// transcripts' lines, split at each line feed and compared byte for byte, as the files are.
@Suite("Golden diff: the fuzzer's findings")
struct GoldenDiffFindingsTests {
    /// "\r\n" is one Character to Swift: split by Characters, `a\r\nb` was one line, and the diff
    /// printed `b` with no mark on a line of its own.
    @Test func aCarriageReturnBeforeALineFeedEndsNoLineOfItsOwn() {
        let diff = Golden.diff(golden: "a\r\nb\nz", actual: "a\r\nc\nz")
        #expect(diff == "--- golden\n+++ this run\n  a\r\n- b\n+ c\n  z")
    }

    /// Swift's == holds `café` composed and decomposed equal, but the files differ: the diff shows
    /// the line that changed instead of no change at all.
    @Test func linesThatDifferOnlyInNormalizationAreChanged() {
        let diff = Golden.diff(golden: "caf\u{E9}\nend", actual: "cafe\u{301}\nend")
        #expect(diff.utf8.elementsEqual("--- golden\n+++ this run\n- caf\u{E9}\n+ cafe\u{301}\n  end".utf8))
    }
}
