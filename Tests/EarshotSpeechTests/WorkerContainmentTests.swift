#if os(Linux)
import EarshotFiles
import EarshotSpeech
import EarshotTestSupport
import Foundation
import Testing

/// A worker that crashes, stops, or answers garbage never takes the run down or hangs it: it is
/// killed and replaced, its texts said again by a fresh one; a text that fails twice is an error
/// that names it.
@Suite("Speech worker containment")
struct WorkerContainmentTests {
    func alone(_ text: String) async throws -> Synthesis {
        try await EspeakEngine.shared.synthesize(text, voice: "en-us", rate: 175)
    }

    @Test(arguments: [SIGKILL, SIGSEGV])
    func aWorkerThatDiesHasItsTextsSaidByAFreshOne(signal: Int32) async throws {
        let engine = EspeakEngine(workers: 1)
        _ = try await engine.synthesize("Warm.", voice: "en-us", rate: 175)
        let pids = await engine.workerProcessIDs
        #expect(pids.count == 1)
        for pid in pids { kill(pid, signal) }
        let texts = (0..<5).map { "After the crash \($0)." }
        let delivered = try await EspeakTests.speak(texts.map { SpeechRequest(text: $0, voice: "en-us", rate: 175) }, with: engine)
        #expect(delivered.map(\.0.text).sorted() == texts.sorted())
        for (request, synthesis) in delivered {
            #expect(synthesis == (try await alone(request.text)), "\(request.text)")
        }
        #expect(await engine.workersStarted == 2)
        #expect(await !engine.workerProcessIDs.contains(pids[0]))
    }

    @Test func aStoppedWorkerIsKilledAndReplaced() async throws {
        let engine = EspeakEngine(workers: 1, stallSeconds: 0.5)
        _ = try await engine.synthesize("Warm.", voice: "en-us", rate: 175)
        let stopped = try #require(await engine.workerProcessIDs.first)
        kill(stopped, SIGSTOP)
        let answer = try await engine.synthesize("Are you there?", voice: "en-us", rate: 175)
        #expect(answer == (try await alone("Are you there?")))
        #expect(await engine.workersStarted == 2)
        #expect(kill(stopped, 0) != 0)   // killed and reaped, not left stopped
    }

    /// An engine's work, its waits for workers included, runs on the engine's own thread, never
    /// on the concurrency pool's, which a blocked wait would take from the rest of the run.
    @Test func anEngineWaitsOnItsOwnThread() async throws {
        let engine = EspeakEngine(workers: 1)
        _ = try await engine.synthesize("Warm.", voice: "en-us", rate: 175)
        #expect(await engine.runsOnItsThread)
        #expect(await EspeakEngine.shared.runsOnItsThread)
    }

    /// A worker that runs the real one but flips a byte of every result (or only the first
    /// worker's first, when `once`), as a broken pipe or a confused worker might.
    func garbling(once: Bool) throws -> (executable: String, folder: URL) {
        let folder = testTemporaryDirectory.appendingPathComponent("earshot-garble-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let real = try #require(Self.realWorker())
        let script = """
            #!/usr/bin/env python3
            import os, struct, subprocess, sys
            marker = \(once ? "'\(folder.path)/garbled'" : "None")
            real = subprocess.Popen(['\(real)'], stdin=0, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
            def read(n):
                data = b''
                while len(data) < n:
                    part = real.stdout.read(n - len(data))
                    if not part: sys.exit(0)
                    data += part
                return data
            while True:
                head = read(16)
                magic, kind, length = struct.unpack('=IIQ', head)
                payload = bytearray(read(length))
                checksum = read(8)
                if kind == ord('R') and (marker is None or not os.path.exists(marker)):
                    payload[-1] ^= 0xFF
                    if marker: open(marker, 'w').close()
                sys.stdout.buffer.write(head + bytes(payload) + checksum)
                sys.stdout.buffer.flush()
            """
        let path = folder.appendingPathComponent("garbling-worker").path
        try writeExecutable(Data(script.utf8), to: URL(fileURLWithPath: path))
        return (path, folder)
    }

    static func realWorker() -> String? {
        let folder = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent()
        return folder.map { $0.appendingPathComponent("earshot-speech").path }.flatMap {
            FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil
        }
    }

    @Test func garbageOnceIsSaidAgainByAFreshWorker() async throws {
        let (executable, folder) = try garbling(once: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let engine = EspeakEngine(workers: 1, executable: executable)
        let answer = try await engine.synthesize("Garbled once.", voice: "en-us", rate: 175)
        #expect(answer == (try await alone("Garbled once.")))
        #expect(await engine.workersStarted == 2)
    }

    @Test func aTextThatFailsTwiceIsAnErrorNamingItAndTheFix() async throws {
        let (executable, folder) = try garbling(once: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let engine = EspeakEngine(workers: 1, executable: executable)
        do {
            _ = try await engine.synthesize("Garbled always.", voice: "en-us", rate: 175)
            Issue.record("expected an error")
        } catch let error as SpeechError {
            guard case .workerFailed(let text, let reason) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(text == "Garbled always.")
            #expect(reason.contains("checksum"))
            #expect(error.description.contains("'Garbled always.'"))
            #expect(error.description.contains("espeak-ng-data"))
        }
        #expect(await engine.workersStarted == 2)
    }

    /// A copy of espeak-ng's data with one file damaged.
    func damagedData(_ damage: String) async throws -> URL {
        let from = try await EspeakEngine.shared.dataFolder
        let folder = testTemporaryDirectory.appendingPathComponent("earshot-damaged-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let copy = folder.appendingPathComponent("espeak-ng-data")
        try FileManager.default.copyItem(atPath: from, toPath: copy.path)
        let parts = damage.split(separator: " ").map(String.init)
        let file = copy.appendingPathComponent(parts[0])
        let data = try Data(contentsOf: file)
        switch parts[1] {
        case "cut": try data.prefix(data.count / 3).write(to: file)
        case "garbage": try Data((0..<data.count).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }).write(to: file)
        default: try Data(count: data.count).write(to: file)
        }
        return folder
    }

    /// Damaged data made espeak-ng crash inside the earshot process (SIGSEGV); now a worker dies,
    /// a fresh one dies too, and the engine says why.
    @Test(arguments: ["phondata cut", "phontab garbage"])
    func damagedDataIsAnErrorNotACrash(_ damage: String) async throws {
        let folder = try await damagedData(damage)
        defer { try? FileManager.default.removeItem(at: folder) }
        let engine = EspeakEngine(workers: 1, stallSeconds: 5, dataFolder: folder.path)
        do {
            _ = try await engine.synthesize("Cancel. Button.", voice: "en-us", rate: 175)
            Issue.record("expected an error for \(damage)")
        } catch let error as SpeechError {
            switch error {
            case .workerFailed(let text, _): #expect(text == "Cancel. Button.")
            case .dataMissing, .synthesisFailed: break
            default: Issue.record("wrong error \(error)")
            }
        }
        // This process is fine, and so is the shared engine.
        #expect(!(try await alone("Still here.").samples.isEmpty))
    }
}
#endif
