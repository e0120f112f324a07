import EarshotCore
import Testing

/// docs/decisions.md: rows by `y` with the profile's threshold, then by `x`.
@Suite("Reading order by frames")
struct RowOrderTests {
    func order(_ frames: [(Double, Double)], threshold: Double = 8, direction: LayoutDirection = .ltr) -> [Int] {
        let items = frames.enumerated().map { (ref: ElementRef($0.offset), frame: Frame(x: $0.element.0, y: $0.element.1, width: 10, height: 10)) }
        return Layout.rowOrder(items, threshold: threshold, direction: direction).map(\.index)
    }

    /// Android's stripes (`Profile.SiblingOrder.stripes`): siblings that overlap vertically go by
    /// `x`, whatever their tops: a row's two lines of text (the first 16 points below the
    /// switch's top, the second 45) before the switch beside them.
    @Test func stripesReadOverlappingSiblingsByX() {
        let items: [(ref: ElementRef, frame: Frame)] = [
            (ElementRef(0), Frame(x: 355, y: 128, width: 56, height: 51)),   // the switch
            (ElementRef(1), Frame(x: 16, y: 144, width: 323, height: 29)),   // its title
            (ElementRef(2), Frame(x: 16, y: 173, width: 323, height: 35)),   // its message
            (ElementRef(3), Frame(x: 0, y: 226, width: 412, height: 31)),    // the next row, below them all
        ]
        #expect(Layout.stripeOrder(items, direction: .ltr).map(\.index) == [1, 2, 0, 3])
        #expect(Layout.rowOrder(items, threshold: 8, direction: .ltr).map(\.index) == [0, 1, 2, 3])
        #expect(Layout.stripeOrder(items, direction: .rtl).map(\.index) == [0, 1, 2, 3])
    }

    @Test func rowsReadTopToBottomThenLeadingToTrailing() {
        // Document order: B (right), A (left, same row), C (below).
        #expect(order([(100, 0), (0, 2), (0, 50)]) == [1, 0, 2])
    }

    @Test func aChildLessThanEightPointsBelowJoinsTheRow() {
        // 7.9 points below the row's first child: same row, so x decides.
        #expect(order([(100, 0), (0, 7.9)]) == [1, 0])
    }

    @Test func aChildEightPointsBelowStartsANewRow() {
        #expect(order([(100, 0), (0, 8)]) == [0, 1])
    }

    @Test func theThresholdIsMeasuredFromTheRowsFirstChild() {
        // 0 → 6 joins, 12 is 12 below the first child (not 6 below the last): new row.
        #expect(order([(200, 0), (100, 6), (0, 12)]) == [1, 0, 2])
    }

    @Test func iPadUsesThirteenPoints() {
        #expect(order([(100, 0), (0, 12)], threshold: 13) == [1, 0])
        #expect(order([(100, 0), (0, 13)], threshold: 13) == [0, 1])
    }

    @Test func rightToLeftReadsRowsByDescendingX() {
        #expect(order([(0, 0), (100, 0), (200, 0)], direction: .rtl) == [2, 1, 0])
    }

    @Test func tiesKeepDocumentOrder() {
        #expect(order([(0, 0), (0, 0), (0, 0)]) == [0, 1, 2])
        #expect(order([(5, 0), (5, 0)], direction: .rtl) == [0, 1])
    }

    @Test func profilesCarryTheirThresholds() throws {
        #expect(try Profile.bundled(.ios).geometry.rowThreshold == 8)
        #expect(try Profile.bundled(.ipados).geometry.rowThreshold == 13)
    }
}
