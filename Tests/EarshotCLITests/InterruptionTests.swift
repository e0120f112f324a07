import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// An interrupted command leaves none of its temporary files (`.NAME.PID.N.tmp`) or scratch
/// folders behind, and ends as the signal ends a process (docs/cli.md, Signals).
@Suite("Interrupted commands")
struct InterruptionTests {
    /// A project holding the bundled scenarios `copies` times over, so that a run writes for a while.
    static func project(copies: Int) throws -> URL {
        let project = try EarshotProcess.temporaryFolder()
        let scenarios = project.appendingPathComponent("Scenarios")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        let bundled = EarshotProcess.packageRoot.appendingPathComponent("Scenarios")
        for copy in 1...copies {
            for folder in try FileManager.default.contentsOfDirectory(atPath: bundled.path) where !folder.hasSuffix(".md") {
                try FileManager.default.copyItem(at: bundled.appendingPathComponent(folder),
                                                 to: scenarios.appendingPathComponent("\(folder)-\(copy)"))
            }
        }
        return project
    }

    /// Every file under `folder` whose name is a temporary one, or starts with `prefix`.
    static func leftovers(in folder: URL, prefix: String? = nil) -> [String] {
        let walker = FileManager.default.enumerator(atPath: folder.path)
        var found: [String] = []
        while let path = walker?.nextObject() as? String {
            let name = (path as NSString).lastPathComponent
            if name.hasPrefix(".") && name.hasSuffix(".tmp") || prefix.map(name.hasPrefix) == true { found.append(path) }
        }
        return found
    }

    /// Starts earshot, waits until `ready` holds (checked every half millisecond), sends `signal`,
    /// and returns how the process ended.
    static func interrupt(_ arguments: [String], in folder: URL, environment: [String: String] = [:], with signal: Int32,
                          when ready: () -> Bool) throws -> (reason: Process.TerminationReason, status: Int32, sent: Bool) {
        let process = Process()
        process.executableURL = try EarshotProcess.binary()
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var variables = ProcessInfo.processInfo.environment
        variables.removeValue(forKey: "CI")
        process.environment = variables.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var sent = false
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline {
            if ready() {
                kill(process.processIdentifier, signal)
                sent = true
                break
            }
            usleep(500)
        }
        process.waitUntilExit()
        return (process.terminationReason, process.terminationStatus, sent)
    }

    /// Interrupted while its report's pages are being written, a run removes the temporary file
    /// of each, and of every golden transcript, and ends by the signal.
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func anInterruptedRunLeavesNoTemporaryFile(signal: Int32) throws {
        let project = try Self.project(copies: 5)
        let report = project.appendingPathComponent("report")
        let ended = try Self.interrupt(["run", "--headless", "--update", "--report", "html:report", "--report", "junit:out/junit.xml",
                                        "Scenarios"], in: project, with: signal) {
            // A page being written: the signal lands while a temporary file exists.
            ((try? FileManager.default.contentsOfDirectory(atPath: report.path)) ?? []).contains { $0.hasSuffix(".tmp") }
        }
        #expect(ended.sent, "the run ended before a page was being written")
        #expect(ended.reason == .uncaughtSignal && ended.status == signal)
        #expect(Self.leftovers(in: project) == [])
    }

    /// `earshot bench` removes its scratch folder (a gigabyte after a few seconds) when it is
    /// interrupted, as when it ends.
    @Test func anInterruptedBenchRemovesItsScratchFolder() throws {
        let temporary = try EarshotProcess.temporaryFolder()
        let ended = try Self.interrupt(["bench", "--smoke", "--json"], in: EarshotProcess.packageRoot,
                                       environment: ["TMPDIR": temporary.path], with: SIGINT) {
            // Once the scratch folder holds something.
            guard let scratch = try? FileManager.default.contentsOfDirectory(atPath: temporary.path).first(where: { $0.hasPrefix("earshot-bench-") })
            else { return false }
            return !((try? FileManager.default.contentsOfDirectory(atPath: temporary.appendingPathComponent(scratch).path)) ?? []).isEmpty
        }
        #expect(ended.sent, "the bench ended before its scratch folder held anything")
        #expect(ended.reason == .uncaughtSignal && ended.status == SIGINT)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
    }

    /// `earshot run --report junit:… | head -1`: the reader of standard output (or error) is
    /// gone before the run prints; SIGPIPE ended it before any report was written. The run goes
    /// on, writes its reports and exits with its own status.
    @Test(arguments: ["output", "error", "both"])
    func aClosedStandardOutputLosesNoReport(closed: String) throws {
        let project = try Self.project(copies: 2)
        let process = Process()
        process.executableURL = try EarshotProcess.binary()
        // A failing scenario too, so that standard error is written to.
        try "scenario: Fails\nscene: ../mail-1/mail.yaml\nsteps:\n  - expect: nothing\n"
            .write(to: project.appendingPathComponent("Scenarios/mail-2/fails.yaml"), atomically: true, encoding: .utf8)
        process.arguments = ["run", "--headless", "--report", "junit:out/junit.xml", "--report", "json:-", "Scenarios"]
        process.currentDirectoryURL = project
        let output = Pipe(), error = Pipe()
        process.standardOutput = closed == "error" ? FileHandle.nullDevice : output
        process.standardError = closed == "output" ? FileHandle.nullDevice : error
        process.standardInput = FileHandle.nullDevice
        try output.fileHandleForReading.close()
        try error.fileHandleForReading.close()
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        // The failing scenario's status; the JSON to a closed standard output is a report not written (3).
        #expect(process.terminationStatus == (closed == "error" ? 1 : 3))
        let junit = try String(contentsOf: project.appendingPathComponent("out/junit.xml"), encoding: .utf8)
        #expect(junit.contains("tests=\"369\""))   // the bundled suite twice, and the failing scenario
    }

    /// Runs earshot under a shell's `ulimit` (its arguments), ending it after 60 seconds.
    static func limited(_ limit: String, _ arguments: String) throws -> (status: Int32, err: String, timedOut: Bool) {
        let (ended, timedOut) = try StartedProcess(["-c", "ulimit \(limit) && exec \"$0\" \(arguments)", try EarshotProcess.binary().path],
                                                   executable: URL(fileURLWithPath: "/bin/sh"), in: EarshotProcess.packageRoot).finish()
        return (ended.status, ended.err, timedOut)
    }

    /// Under a memory limit too low for a loading thread's stack, every command hung waiting for
    /// a thread that never started; now it says what ran out (exit 3).
    @Test(arguments: ["run --headless Scenarios/mail", "run Scenarios/mail --audio-dir /dev/null/none", "tree Scenarios/mail/mail.yaml",
                      "audit Scenarios/mail/mail.yaml", "import Scenarios/settings/captures/settings.xml"])
    func aMemoryLimitTooLowForAThreadIsSaid(command: String) throws {
        let ended = try Self.limited("-v 400000", command)
        #expect(!ended.timedOut)
        #expect(ended.status == 3, "\(ended.err)")
        #expect(ended.err.contains("cannot start a thread with a 256 MB stack ("), "\(ended.err)")
        #expect(ended.err.contains("the memory limit (ulimit -v) is "))
    }

    /// Too few file descriptors trapped in the runtime (or read as a folder with no scenario,
    /// exit 2); a soft limit below the hard one is raised, and a hard one too low is said (exit 3).
    @Test func tooFewFileDescriptorsAreSaidAndASoftLimitIsRaised() throws {
        for limit in [5, 8, 31] {
            let ended = try Self.limited("-n \(limit)", "run --headless Scenarios/mail")
            #expect(ended.status == 3, "\(limit): \(ended.err)")
            #expect(ended.err == "earshot: error: only \(limit) files may be open at once (ulimit -n \(limit)), and Earshot needs at least 32: raise the limit, e.g. ulimit -n 1024\n")
        }
        let raised = try Self.limited("-Sn 8 && ulimit -Hn 4096", "run --headless Scenarios/mail")
        #expect(raised.status == 0, "\(raised.err)")
    }
}
