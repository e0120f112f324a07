import Foundation
import Testing

/// `import EarshotTesting` gives a test what it writes (the DSL, loading, the reader's API, the
/// assertions, the audit) and keeps the internals of the modules under it out of its namespace.
/// Each case is a small test file type-checked by `swiftc` against the built modules, as an
/// app's test target would see them.
@Suite("What EarshotTesting exports")
struct EarshotTestingExportTests {
    /// `swiftc -typecheck` of `source` with the package's built modules; the compiler's errors.
    static func typecheck(_ source: String) throws -> (status: Int32, errors: [String]) {
        let products = try EarshotProcess.binary().resolvingSymlinksInPath().deletingLastPathComponent()
        let modules = products.appendingPathComponent("Modules")
        // Yams' C module is found through its module map, as SwiftPM passes it: in the checkouts
        // of the scratch folder the products are in (`.build/TRIPLE/debug` → `.build/checkouts`).
        let map = "checkouts/Yams/Sources/CYaml/include/module.modulemap"
        let yamsMap = try #require([products.appendingPathComponent("../../" + map).standardized,
                                    EarshotProcess.packageRoot.appendingPathComponent(".build/" + map)]
            .first { FileManager.default.fileExists(atPath: $0.path) })
        let folder = try EarshotProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("UsesEarshot.swift")
        try Data(source.utf8).write(to: file)
        // The speech worker's header module (CEarshotWire), which EarshotSpeech and the modules
        // above it import: SwiftPM writes its module map beside the products.
        let wireMap = products.appendingPathComponent("CEarshotWire.build/module.modulemap")
        let result = try EarshotProcess.run(["-typecheck", "-I", modules.path, "-Xcc", "-fmodule-map-file=\(yamsMap.path)",
                                             "-Xcc", "-fmodule-map-file=\(wireMap.path)", file.path],
                                            tool: "swiftc")
        let errors = result.err.split(separator: "\n").map(String.init)
            .filter { $0.contains("UsesEarshot.swift") && $0.contains("error:") }
        return (result.status, errors)
    }

    @Test func aTestWritesWhatItNeedsWithOneImport() throws {
        let result = try Self.typecheck("""
            import EarshotTesting

            func compose() throws {
                let scene = try Scene("Mail", platform: .ios) {
                    Button("Compose").id("compose").onActivate(.present("compose"))
                } presentations: {
                    Sheet("compose", detents: [.medium, .large], selected: .medium, grabber: true) {
                        Button("Cancel").placement(.topLeading).onActivate(.cancel)
                    }
                }
                var reader = ScreenReader(scene: scene)
                reader.touch("Compose")
                reader.doubleTap()
                reader.expectPresented("compose")
                reader.expectFocus("Cancel")
                let events: [ReaderEvent] = reader.lastEvents
                _ = events.contains(.presented("compose"))
                let gesture: Gesture = .touch("Cancel")
                gesture.perform(on: &reader)
                let report: Auditor.Report = scene.audit(rules: [Rule.sheetGrabber.id])
                let errors: [Finding] = report.findings.filter { $0.severity == Severity.error }
                _ = errors.map(\\.location) as [SourceLocation]
                do {
                    _ = try Scene(contentsOf: URL(fileURLWithPath: "mail.yaml"))
                } catch let error as LoadError {
                    _ = error.diagnostics.first as Diagnostic?
                }
                _ = Transcript.text(of: reader.steps)
                var session = RecordingSession(name: "Compose", platform: .ios, os: "27", source: "a simulator")
                session.screen("inbox", capture: "Attributes: Application")
                session.record(Recording.Gesture.next, utterance: "Compose, button", element: "compose")
                _ = try session.write(to: URL(fileURLWithPath: "compose.recording.yaml"))
            }
            """)
        #expect(result.errors == [])
        #expect(result.status == 0)
    }

    /// The layout, scope, profiles, the audit's writers and configuration, the description builder:
    /// public for the command line and the other modules, not for a test that imports EarshotTesting.
    /// Each is public in its module (found when the module is imported itself, so a rename
    /// cannot make this pass by accident) and not found through `import EarshotTesting`.
    @Test(arguments: [("AuditFormats", "EarshotReports"), ("AuditPolicy", "EarshotAudit"), ("Baseline", "EarshotAudit"),
                      ("AuditConfiguration", "EarshotAudit"), ("DescriptionBuilder", "EarshotReader"),
                      ("SpeechDuration", "EarshotReader"), ("TextMatching", "EarshotCore"), ("NumberText", "EarshotCore"),
                      ("Profile", "EarshotCore"), ("Layout", "EarshotCore"), ("Frame", "EarshotCore"), ("YAMLText", "EarshotCore")])
    func internalsStayOut(_ name: String, _ module: String) throws {
        let direct = try Self.typecheck("""
            import \(module)
            let type = \(name).self
            """)
        #expect(direct.status == 0, "\(direct.errors)")
        let result = try Self.typecheck("""
            import EarshotTesting
            let type = \(name).self
            """)
        #expect(result.status != 0)
        #expect(result.errors.contains { $0.contains("cannot find '\(name)' in scope") }, "\(result.errors)")
    }
}
