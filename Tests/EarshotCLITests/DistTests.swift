import Foundation
import Testing

/// `make dist`'s tarball (scripts/dist.sh; docs/install.md), packed here from the build the tests
/// run: unpacked in a temporary folder, away from the build, it holds what docs/install.md says
/// and runs scenarios headless and spoken. (`make dist` itself packs a release build with the
/// Swift runtime inside, and checks that no library of the toolchain is linked.)
@Suite("The release tarball")
struct DistTests {
    static let arch: String = {
        var name = utsname()
        uname(&name)
        return withUnsafeBytes(of: name.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }()

    /// The tarball of the build the tests run, made once for the suites that unpack it.
    static let packed: Result<(tarball: URL, log: String), any Error> = Result {
        let output = try EarshotProcess.temporaryFolder()
        let build = try EarshotProcess.binary().deletingLastPathComponent()
        let result = try EarshotProcess.run(["--from", build.path, "--output", output.path],
                                            tool: EarshotProcess.packageRoot.appendingPathComponent("scripts/dist.sh").path)
        guard result.status == 0 else { throw DistError(description: "scripts/dist.sh failed (\(result.status)): \(result.err)") }
        return (output.appendingPathComponent("earshot-\(try VersionTests.version)-linux-\(arch).tar.gz"), result.out)
    }

    struct DistError: Error, CustomStringConvertible { var description: String }

    /// The tarball unpacked in a fresh temporary folder: the folder and the release's own.
    static func unpacked() throws -> (folder: URL, release: URL) {
        let tarball = try packed.get().tarball
        let folder = try EarshotProcess.temporaryFolder()
        let untar = try EarshotProcess.run(["-xzf", tarball.path, "-C", folder.path], tool: "tar")
        guard untar.status == 0 else { throw DistError(description: "tar: \(untar.err)") }
        return (folder, folder.appendingPathComponent(tarball.lastPathComponent.replacingOccurrences(of: ".tar.gz", with: "")))
    }

    @Test func theTarballHoldsWhatInstallMdSays() throws {
        let (_, release) = try Self.unpacked()
        #expect(try Self.packed.get().log.contains("unpacked elsewhere, it ran the notes scenarios headless and spoken"))
        for path in ["bin/earshot", "bin/earshot-speech", "install-deps.sh"] {
            #expect(FileManager.default.isExecutableFile(atPath: release.appendingPathComponent(path).path), "\(path)")
        }
        for path in ["bin/Earshot_EarshotCore.resources/Profiles/ios.en.json", "bin/Earshot_earshot.resources/schema/scene.schema.json",
                     "LICENSE", "CHANGELOG.md"] {
            #expect(FileManager.default.fileExists(atPath: release.appendingPathComponent(path).path), "\(path)")
        }
        let readme = try String(contentsOf: release.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme == (try VersionTests.text("docs/install.md")))
        // The packages it installs are the one list's runtime group.
        let printed = try EarshotProcess.run(["--print"], tool: release.appendingPathComponent("install-deps.sh").path)
        let listed = try EarshotProcess.run(["run"], tool: EarshotProcess.packageRoot.appendingPathComponent("scripts/packages.sh").path)
        #expect(printed.status == 0 && printed.out == listed.out && printed.out.contains("libespeak-ng1"))
    }

    /// Run from where it was unpacked, with a bare environment, on a team's own folder.
    @Test func theUnpackedProgramsRunAScenarioHeadlessAndSpoken() throws {
        let (folder, release) = try Self.unpacked()
        let app = folder.appendingPathComponent("app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: EarshotProcess.packageRoot.appendingPathComponent("Scenarios/share"),
                                         to: app.appendingPathComponent("share"))
        let earshot = release.appendingPathComponent("bin/earshot").path
        let bare = ["-i", "PATH=/usr/bin:/bin", "HOME=\(folder.path)", "LANG=C.UTF-8", earshot]
        let headless = try EarshotProcess.run(bare + ["run", "--headless", "share"], in: app, tool: "env")
        #expect(headless.status == 0, "\(headless.out)\(headless.err)")
        #expect(headless.out.contains("passed, 0 failed"))
        let spoken = try EarshotProcess.run(bare + ["run", "share/copy-and-close.yaml", "--configuration", "de", "--audio-dir", "audio"],
                                            in: app, tool: "env")
        #expect(spoken.status == 0, "\(spoken.out)\(spoken.err)")
        let audio = try FileManager.default.contentsOfDirectory(atPath: app.appendingPathComponent("audio").path)
        #expect(audio.contains("share-copy-and-close.de.wav"))
    }

    @Test func packingWithoutTheProgramsSaysWhatIsMissing() throws {
        let empty = try EarshotProcess.temporaryFolder()
        let result = try EarshotProcess.run(["--from", empty.path, "--output", empty.appendingPathComponent("out").path],
                                            tool: EarshotProcess.packageRoot.appendingPathComponent("scripts/dist.sh").path)
        #expect(result.status == 3)
        #expect(result.err.contains("dist.sh: \(empty.path)/earshot is missing: build earshot and earshot-speech first"))
        #expect(!FileManager.default.fileExists(atPath: empty.appendingPathComponent("out").path))
    }
}
