#if os(Linux)
import EarshotFiles
import EarshotSpeech
import EarshotTestSupport
import Foundation
import Testing

/// The speech worker is not trusted: every length it sends is checked against what was asked
/// before anything is allocated for it, and a worker that cannot start is reported at once with
/// what it wrote to its standard error and the fix, never after a stall's deadline.
@Suite("Hostile and broken speech workers")
struct HostileWorkerTests {
    /// An executable file holding `script`, in a folder of its own.
    static func executable(_ script: String, mode: mode_t = 0o755) throws -> (path: String, folder: URL) {
        let folder = testTemporaryDirectory.appendingPathComponent("earshot-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("earshot-speech").path
        // Written close-on-exec (AtomicFile): a process another test spawns meanwhile must not
        // inherit a descriptor open for writing, which would make executing the script fail (ETXTBSY).
        try AtomicFile.write(script, to: URL(fileURLWithPath: path))
        chmod(path, mode)
        return (path, folder)
    }

    /// A worker in Python that speaks the protocol: its hello says `sampleRate` and one voice,
    /// `en-us`; it takes any voice; to a text it answers with a result head whose length is
    /// `resultLength`, then nothing (it sleeps until killed).
    static func fakeWorker(sampleRate: Int = 22050, resultLength: UInt64) throws -> (path: String, folder: URL) {
        try executable("""
            #!/usr/bin/env python3
            import struct, sys, time
            MAGIC = 0x31575345
            MASK = (1 << 64) - 1
            def checksum(data):
                h = 0xcbf29ce484222325
                words = len(data) // 8
                for i in range(words):
                    h = ((h ^ struct.unpack_from('=Q', data, i * 8)[0]) * 0x100000001b3) & MASK
                for byte in data[words * 8:]:
                    h = ((h ^ byte) * 0x100000001b3) & MASK
                return h
            def send(kind, payload):
                sys.stdout.buffer.write(struct.pack('=IIQ', MAGIC, ord(kind), len(payload)) + payload
                                        + struct.pack('=Q', checksum(payload)))
                sys.stdout.buffer.flush()
            def read(n):
                data = b''
                while len(data) < n:
                    part = sys.stdin.buffer.read1(n - len(data))
                    if not part: sys.exit(0)
                    data += part
                return data
            send('H', struct.pack('=iii', 0, \(sampleRate), 0) + b'1.51\\0/nonexistent\\0\\0'
                 + struct.pack('=I', 1) + b'en-us\\0English_(America)\\0en-us\\0')
            while True:
                magic, kind, length = struct.unpack('=IIQ', read(16))
                read(length)
                if kind == ord('V'):
                    send('A', struct.pack('=i', 0))
                elif kind == ord('T'):
                    sys.stdout.buffer.write(struct.pack('=IIQ', MAGIC, ord('R'), \(resultLength)))
                    sys.stdout.buffer.flush()
                    time.sleep(600)
            """)
    }

    /// The error an engine with `executable` raises on its first text.
    static func firstError(executable: String) async throws -> SpeechError {
        let engine = EspeakEngine(workers: 1, executable: executable)
        do {
            _ = try await engine.synthesize("Hi.", voice: "en-us", rate: 175)
        } catch let error as SpeechError {
            await engine.stopWorkers()
            return error
        }
        await engine.stopWorkers()
        Issue.record("expected an error")
        throw CancellationError()
    }

    /// The error of a worker that did not start, and what it names; any other error fails the test.
    static func startFailure(executable: String) async throws
        -> (error: SpeechError, executable: String, reason: String, said: String) {
        let error = try await firstError(executable: executable)
        guard case .workerDidNotStart(let named, let reason, let said) = error else {
            Issue.record("wrong error: \(error)")
            throw CancellationError()
        }
        return (error, named, reason, said)
    }

    /// A hello head that claims 16 GiB made Earshot allocate 16 GiB; now it is refused by its
    /// head alone.
    @Test func aHelloHeadClaimingGigabytesIsRefusedAtOnce() async throws {
        // "ESW1", 'H', 2^34 bytes, then nothing.
        let (path, folder) = try Self.executable("""
            #!/bin/sh
            printf 'ESW1H\\000\\000\\000\\000\\000\\000\\000\\004\\000\\000\\000'
            exec sleep 600
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (error, executable, reason, _) = try await Self.startFailure(executable: path)
        #expect(executable == path)
        #expect(reason.contains("a message of 17179869184 bytes for its hello, which takes at most 1048576"), "\(reason)")
        #expect(error.description.contains("did not start"))
    }

    /// A result head for a three-character text that claims 8 GiB is garbage found before
    /// anything is allocated for it: the text fails (twice, in two fresh workers) naming the sizes.
    @Test func aResultHeadLargerThanTheTextCanMakeIsGarbage() async throws {
        let (path, folder) = try Self.fakeWorker(resultLength: 1 << 33)
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = try await Self.firstError(executable: path)
        guard case .workerFailed(let text, let reason) = error else {
            Issue.record("wrong error: \(error)")
            return
        }
        #expect(text == "Hi.")
        // Ten seconds plus two a character at 22,050 samples a second, four word marks, the head.
        let limit = 56 + 22050 * 16 * 2 + 4 * 12   // the result head, the samples, the words
        #expect(reason == "the worker answered with a message of 8589934592 bytes for a text, which takes at most \(limit)")
    }

    /// A sample rate past any audio's makes every result's bound huge: refused in the hello.
    @Test func aHelloWithAnAbsurdSampleRateIsRefused() async throws {
        let (path, folder) = try Self.fakeWorker(sampleRate: 2_000_000_000, resultLength: 0)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (_, _, reason, _) = try await Self.startFailure(executable: path)
        #expect(reason.contains("a sample rate of 2000000000 (expected at most 384000)"), "\(reason)")
    }

    /// A worker that cannot load libespeak-ng ends at once with the dynamic loader's complaint on
    /// its standard error. Earshot sent that to /dev/null and held the worker's end of the socket
    /// open, so it waited 30 seconds and then said the worker "did not answer"; now the worker's
    /// own words and the fix come at once (the reason is its exit, not a deadline).
    @Test func aWorkerThatEndsAtStartIsReportedWithWhatItSaid() async throws {
        let complaint = "earshot-speech: error while loading shared libraries: libespeak-ng.so.1: cannot open shared object file: No such file or directory"
        let (path, folder) = try Self.executable("#!/bin/sh\necho '\(complaint)' >&2\nexit 127\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (error, _, reason, said) = try await Self.startFailure(executable: path)
        #expect(said == complaint)
        #expect(reason.contains("exit status 127"), "\(reason)")
        #expect(!reason.contains("in time"))
        #expect(error.description.contains("it said: \(complaint)"))
        #expect(error.description.contains("apt-get install libespeak-ng-dev espeak-ng-data"))
        #expect(error.description.contains("make build"))
    }

    /// A worker file still open for writing a moment ago ("Text file busy": a process started
    /// meanwhile held a copy of the descriptor that wrote it) runs once the copy is gone: here
    /// this process keeps it open for writing for 10 ms.
    @Test func aWorkerBusyForAMomentStillStarts() async throws {
        let complaint = "started after all"
        let (path, folder) = try Self.executable("#!/bin/sh\necho '\(complaint)' >&2\nexit 1\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let writer = open(path, O_WRONLY | O_CLOEXEC)
        #expect(writer >= 0)
        // Closed on a thread of its own: the concurrency pool may be busy with other tests.
        Thread.detachNewThread {
            usleep(10_000)
            close(writer)
        }
        let (_, _, reason, said) = try await Self.startFailure(executable: path)
        #expect(said == complaint, "\(reason)")
        #expect(!reason.contains("Text file busy"))
    }

    /// A worker file that cannot be run is named with the system's reason and the fix.
    @Test func aWorkerThatCannotBeRunIsReportedAtOnce() async throws {
        let (path, folder) = try Self.executable("#!/bin/sh\nexit 0\n", mode: 0o644)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (error, executable, reason, _) = try await Self.startFailure(executable: path)
        #expect(executable == path)
        #expect(reason.contains("cannot be run (Permission denied)"), "\(reason)")
        #expect(error.description.contains("make build"))
    }

    /// The real worker still starts, speaks, and says nothing on its standard error after its
    /// hello (it points it at /dev/null, so a pipe no one reads never fills).
    @Test func theRealWorkerStillSpeaks() async throws {
        let engine = EspeakEngine(workers: 1)
        let speech = try await engine.synthesize("Still speaking.", voice: "en-us", rate: 175)
        #expect(speech.samples.count > 10_000)
        #expect(!speech.words.isEmpty)
        await engine.stopWorkers()
    }
}
#endif
