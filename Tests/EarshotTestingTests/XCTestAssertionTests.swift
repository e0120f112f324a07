import EarshotTestSupport
import EarshotTesting
import XCTest

/// Under XCTest, the same assertions record failures with `XCTFail` at the
/// caller's file and line. swift-corelibs-xctest funnels every failure
/// through `recordFailure(withDescription:inFile:atLine:expected:)`, so this
/// case overrides it to capture them while an assertion runs.
final class XCTestAssertionTests: XCTestCase {
    private var captured: [(description: String, file: String, line: Int)] = []
    private var capturing = false

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
                                expected: Bool) {
        if capturing {
            captured.append((description, filePath, lineNumber))
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    /// The failures `body` records, kept from failing this test.
    private func failures(of body: () -> Bool) -> (held: Bool, failures: [(description: String, file: String, line: Int)]) {
        captured = []
        capturing = true
        let held = body()
        capturing = false
        return (held, captured)
    }

    func testEachAssertionRecordsNothingWhenItHolds() throws {
        for assertion in AssertionCase.all {
            let reader = try assertion.reader()
            let result = failures { assertion.holds(reader) }
            XCTAssertTrue(result.held, assertion.name)
            XCTAssertTrue(result.failures.isEmpty, "\(assertion.name): \(result.failures)")
        }
    }

    func testEachAssertionFailsAtTheCallersLine() throws {
        for assertion in AssertionCase.all {
            let reader = try assertion.reader()
            let result = failures { assertion.fails(reader) }
            XCTAssertFalse(result.held, assertion.name)
            XCTAssertFalse(result.failures.isEmpty, "\(assertion.name) recorded no failure")
            for failure in result.failures {
                XCTAssertEqual(failure.file, assertion.file, assertion.name)
                XCTAssertEqual(failure.line, assertion.failLine, assertion.name)
                XCTAssertTrue(failure.description.contains(assertion.message), "\(assertion.name): \(failure.description)")
            }
        }
    }

    func testAGoldenTranscriptMismatchFailsAtTheCallersLine() throws {
        let golden = testTemporaryDirectory
            .appendingPathComponent("earshot-xctest-\(UUID().uuidString)").appendingPathComponent("mail.transcript")
        defer { try? FileManager.default.removeItem(at: golden.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "touch: compose\n  speak: Compose.\n".write(to: golden, atomically: true, encoding: .utf8)
        var reader = ScreenReader(scene: try Scenes.mailDSL())
        reader.touch("compose")
        let line = #line + 1
        let result = failures { reader.expectTranscript(matching: golden, record: .missing) }
        XCTAssertFalse(result.held)
        XCTAssertEqual(result.failures.map(\.line), [line])
        XCTAssertEqual(result.failures.first?.file, #filePath)
        XCTAssertTrue(result.failures.first?.description.contains("-   speak: Compose.\n    +   speak: Compose. Button.") ?? false,
                      result.failures.first?.description ?? "")
    }

    func testAMatchingGoldenTranscriptRecordsNothing() throws {
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("__Transcripts__/GoldenTranscriptTests/compose-and-scrub.transcript")
        let reader = try GoldenTranscriptTests.reader()
        let result = failures { reader.expectTranscript(matching: golden, record: .never) }
        XCTAssertTrue(result.held)
        XCTAssertTrue(result.failures.isEmpty, "\(result.failures)")
    }

    func testAnAuditWithoutErrorsRecordsNothing() throws {
        let scene = try AuditTests.tidy()
        let result = failures { !scene.audit().hasErrors }
        XCTAssertTrue(result.held)
        XCTAssertTrue(result.failures.isEmpty, "\(result.failures)")
    }

    func testAnAuditErrorFailsAtTheCallersLine() throws {
        let scene = try Scenes.mailDSL()
        let line = #line + 1
        let result = failures { !scene.audit().hasErrors }
        XCTAssertFalse(result.held)
        XCTAssertFalse(result.failures.isEmpty)
        XCTAssertEqual(Set(result.failures.map(\.line)), [line])
        XCTAssertTrue(result.failures.contains { $0.description.contains("[sheet-escape-everywhere]") })
    }
}
