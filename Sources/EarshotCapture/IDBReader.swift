import EarshotCore

/// Reads idb's `ui describe-all` JSON (flat, or `--nested` with `children`), which AXe's
/// `describe-ui` shares. (Being written.)
enum IDBReader {
    static func read(_ text: String, file: String) throws(CaptureError) -> [CaptureNode] {
        throw CaptureError("idb captures are not read yet", at: SourceLocation(file: file, line: 1, column: 1))
    }
}
