import Foundation
import Testing

/// Text typed into a secure field appears in no output: not the transcript, the golden file, the
/// captions, the audio's cache, nor any report (JUnit, JSON, SARIF, Markdown, HTML), even when the
/// scenario fails right after typing it. VoiceOver speaks only how long the text is, and a mask
/// word for each character typed (the profiles' `secureEntry`, docs/decisions.md).
@Suite("Secure text entry")
struct SecureEntryTests {
    static let password = "hunter2-Secret-9"

    static let scenario = """
        scenario: Sign in with a password
        scene:
          scene: Sign In
          root:
            - button: Sign In
              activate: { present: signIn }
          presentations:
            signIn:
              style: alert
              title: Sign In
              content:
                - textField: Email
                  id: email
                - secureField: Password
                  id: password
                - button: OK
                  activate: dismiss
        steps:
          - touch: Sign In
          - doubleTap
          - touch: password
          - doubleTap
          - type: \(password)
          - touch: email
          - touch: password
          - expect: "Password. Secure Text Field. Is editing. 16 characters. Insertion point at end."
          - audit

        """

    /// The same, failing at its end, so that the failure reports carry the transcript's last lines.
    static let failing = scenario + "  - expect: \"something else\"\n"

    /// Every file under `folder`, as bytes.
    static func files(under folder: URL) -> [(String, Data)] {
        guard let names = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        return names.compactMap { name in
            let path = folder.appendingPathComponent(name as! String).path
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
                  let data = FileManager.default.contents(atPath: path) else { return nil }
            return (name as! String, data)
        }
    }

    @Test func aPasswordAppearsInNoOutput() throws {
        let dir = try EarshotProcess.temporaryFolder()
        let out = dir.appendingPathComponent("out")
        try Self.scenario.write(to: dir.appendingPathComponent("sign-in.yaml"), atomically: true, encoding: .utf8)
        let recorded = try EarshotProcess.run(["run", "--headless", "--update", "sign-in.yaml"], in: dir)
        #expect(recorded.status == 0, "\(recorded.out)\(recorded.err)")
        try Self.failing.write(to: dir.appendingPathComponent("sign-in.yaml"), atomically: true, encoding: .utf8)
        var arguments = ["run", "sign-in.yaml", "--audio-dir", "out/Audio"]
        for report in ["junit:out/r.xml", "json:out/r.json", "sarif:out/r.sarif", "markdown:out/r.md", "html:out/html"] {
            arguments += ["--report", report]
        }
        let result = try EarshotProcess.run(arguments, in: dir)
        #expect(result.status == 1, "\(result.err)")   // the last expectation fails on purpose
        #expect(result.out.contains("16 characters"), "\(result.out)")
        let secret = Data(Self.password.utf8)
        let written = Self.files(under: out) + [("sign-in.transcript", try Data(contentsOf: dir.appendingPathComponent("sign-in.transcript")))]
        #expect(written.count >= 8, "\(written.map(\.0))")
        for (name, data) in written {
            #expect(data.range(of: secret) == nil, "\(name) holds the password")
        }
        #expect(!(result.out + result.err).contains(Self.password))
        let transcript = try String(contentsOf: dir.appendingPathComponent("sign-in.transcript"), encoding: .utf8)
        #expect(transcript.contains("type: ••••••••••••••••\n"), "\(transcript)")
    }
}
