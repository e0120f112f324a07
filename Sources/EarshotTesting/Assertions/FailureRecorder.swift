import EarshotReader
import Testing
import XCTest

/// Where an assertion was called: what both test frameworks need to put a
/// failure on the caller's line.
struct CallSite: Sendable {
    var fileID: String
    var filePath: StaticString
    var line: UInt
    var column: UInt
}

extension CallSite {
    /// Where the reader's gesture was called (``StepLocation``).
    init(_ step: StepLocation) {
        self.init(fileID: "\(step.fileID)", filePath: step.filePath, line: step.line, column: step.column)
    }
}

/// Records a test failure in whichever framework is running the test.
enum FailureRecorder {
    /// Swift Testing's `Issue.record` inside a `@Test` (``Test/current`` is
    /// set there), else XCTest's `XCTFail`, both at the caller's file and line.
    static func record(_ message: String, at site: CallSite) {
        if Test.current != nil {
            Issue.record(Comment(rawValue: message),
                         sourceLocation: Testing.SourceLocation(fileID: site.fileID, filePath: "\(site.filePath)",
                                                                line: Int(site.line), column: Int(site.column)))
        } else {
            XCTFail(message, file: site.filePath, line: site.line)
        }
    }
}
