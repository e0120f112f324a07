import EarshotTestSupport
import Foundation
import Testing

/// `scripts/with-tmpdir.sh`, which gives `make test`'s tests a temporary folder of their own and
/// removes it, with what they left there, when they end, however they end.
@Suite("make test: a temporary folder of its own")
struct TemporaryFolderScriptTests {
    /// Runs the script over `bash -c COMMAND` with TMPDIR `parent`; returns its status and what
    /// the command printed (the TMPDIR it saw).
    static func run(_ command: String, parent: URL) throws -> (status: Int32, out: String) {
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        let result = try EarshotProcess.run([Repository.path("scripts/with-tmpdir.sh").path, "bash", "-c", command],
                                            environment: ["TMPDIR": parent.path], tool: "bash")
        return (result.status, result.out)
    }

    @Test(arguments: [0, 1, 7])
    func theFolderGoesWithWhatWasLeftInItAndTheStatusIsTheCommands(_ status: Int32) throws {
        let parent = temporaryFolder()
        let result = try Self.run("mkdir \"$TMPDIR/earshot-left\" && touch \"$TMPDIR/earshot-left/file\"; echo \"$TMPDIR\"; exit \(status)",
                                  parent: parent)
        #expect(result.status == status)
        let seen = result.out.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(seen.hasPrefix(parent.path + "/earshot-tests."), "\(seen)")
        #expect(!FileManager.default.fileExists(atPath: seen))
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).isEmpty)
    }

    /// A plain `swift test` leaves nothing in the system's temporary folder either: a test
    /// process removes its own (``testTemporaryDirectory``) as it exits. The test above, run
    /// again in a process of its own, leaves its folder there; nothing is left once it ends.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/proc/self/exe"), "the test binary is found through /proc"))
    func aTestProcessRemovesItsTemporaryFolderAsItExits() throws {
        let parent = temporaryFolder()
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        let tests = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let result = try EarshotProcess.run(["--testing-library", "swift-testing", "--filter", "theFolderGoesWithWhatWasLeftInIt"],
                                            environment: ["TMPDIR": parent.path], tool: tests)
        #expect(result.status == 0, "\(result.out)\(result.err)")
        #expect((result.out + result.err).contains("theFolderGoesWithWhatWasLeftInIt"), "\(result.out)\(result.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).isEmpty)
    }
}
