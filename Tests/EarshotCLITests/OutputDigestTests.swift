import Foundation
import Testing

/// Every output Earshot writes for the bundled suite, held to what it was: the headless run's
/// standard output and its JUnit, JSON, SARIF, Markdown and HTML reports, and the audit of every
/// bundled scene in each format. Each file's size and 64-bit FNV-1a digest are in
/// `Tests/OutputDigests/bundled-suite.txt` (the files themselves are 2.6 MB), so that moving
/// code between modules cannot change a byte unnoticed. JUnit's `time` attributes (wall-clock)
/// are left out. A change meant to alter outputs writes the digests again with
/// `EARSHOT_UPDATE_OUTPUT_DIGESTS=1 swift test --filter OutputDigestTests`; the diff of that file
/// names the outputs it changed.
@Suite("Every output of the bundled suite, byte for byte")
struct OutputDigestTests {
    static let digests = EarshotProcess.packageRoot.appendingPathComponent("Tests/OutputDigests/bundled-suite.txt")

    /// Writes every output into a fresh folder under `.build/` (so the report's links to the
    /// scenarios, relative to it, are the same on every machine); each file's path in it.
    static func outputs() throws -> (folder: URL, files: [String]) {
        let folder = EarshotProcess.packageRoot.appendingPathComponent(".build/outputs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let out = { (name: String) in ".build/\(folder.lastPathComponent)/\(name)" }
        let run = try EarshotProcess.run(["run", "--headless", "Scenarios", "--report", "junit:" + out("run.xml"),
                                          "--report", "json:" + out("run.json"), "--report", "sarif:" + out("run.sarif"),
                                          "--report", "markdown:" + out("run.md"), "--report", "html:" + out("run-html")])
        guard run.status == 0 else { throw Failure(description: "earshot run failed: \(run.err)") }
        try Data(run.out.utf8).write(to: folder.appendingPathComponent("run.txt"))
        let scenes = try FileManager.default.contentsOfDirectory(atPath: EarshotProcess.packageRoot.path + "/Scenarios").sorted()
            .flatMap { name in
                ((try? FileManager.default.contentsOfDirectory(atPath: EarshotProcess.packageRoot.path + "/Scenarios/" + name)) ?? [])
                    .filter { $0.hasSuffix(".yaml") }.sorted().map { "Scenarios/\(name)/\($0)" }
            }
        let audit = try EarshotProcess.run(["audit"] + scenes + ["--report", "json:" + out("audit.json"),
                                            "--report", "sarif:" + out("audit.sarif"), "--report", "markdown:" + out("audit.md"),
                                            "--report", "html:" + out("audit-html"), "--report", "text:" + out("audit.txt")])
        // The bundled scenes keep findings on purpose (README.md, "A first scene"): the audit fails.
        guard audit.status == 1 else { throw Failure(description: "earshot audit exited \(audit.status): \(audit.err)") }
        try Data(audit.out.utf8).write(to: folder.appendingPathComponent("audit-stdout.txt"))
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }
            .filter { path in
                var isFolder: ObjCBool = false
                return FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isFolder)
                    && !isFolder.boolValue
            }.sorted() ?? []
        return (folder, files)
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    /// 64-bit FNV-1a of the bytes.
    static func digest(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    /// A file as compared: JUnit's wall-clock `time` attributes written as `time="T"`.
    static func normalized(_ data: Data, path: String) -> Data {
        guard path.hasSuffix(".xml") else { return data }
        let text = String(decoding: data, as: UTF8.self).replacing(/\ time="[0-9.]+"/, with: " time=\"T\"")
        return Data(text.utf8)
    }

    @Test func everyOutputIsAsItWas() throws {
        let (folder, files) = try Self.outputs()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(files.count > 60)
        let lines = try files.map { path in
            let data = Self.normalized(try Data(contentsOf: folder.appendingPathComponent(path)), path: path)
            return "\(path) \(data.count) \(Self.digest(data))"
        }
        let made = lines.joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["EARSHOT_UPDATE_OUTPUT_DIGESTS"] == "1" {
            try made.write(to: Self.digests, atomically: true, encoding: .utf8)
        }
        let kept = (try? String(contentsOf: Self.digests, encoding: .utf8)) ?? ""
        let before = Set(kept.split(separator: "\n").map(String.init)), now = Set(lines)
        let changed = now.subtracting(before).map { $0.split(separator: " ")[0] }.sorted()
        let gone = before.subtracting(now).map { $0.split(separator: " ")[0] }.filter { !changed.contains($0) }.sorted()
        #expect(changed.isEmpty && gone.isEmpty, """
            outputs differ from Tests/OutputDigests/bundled-suite.txt: \(changed.joined(separator: ", ")) \
            \(gone.isEmpty ? "" : "(no longer written: \(gone.joined(separator: ", ")))"). If that is meant, \
            EARSHOT_UPDATE_OUTPUT_DIGESTS=1 swift test --filter OutputDigestTests
            """)
    }

    @Test func theDigestTellsBytesApart() {
        #expect(Self.digest(Data("a".utf8)) != Self.digest(Data("b".utf8)))
        #expect(Self.digest(Data()) == "cbf29ce484222325")
        let xml = Data("<testcase name=\"x\" time=\"0.002\">".utf8)
        #expect(Self.normalized(xml, path: "run.xml") == Data("<testcase name=\"x\" time=\"T\">".utf8))
    }
}
