import EarshotTestSupport
import Foundation
import Testing

/// The built `earshot` binary, run as a user would: arguments, environment, working directory, no standard input.
struct EarshotProcess {
    var status: Int32
    var out: String
    var err: String

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
    }

    static func binary() throws -> URL {
        let candidates = [Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("earshot"),
                          Bundle.main.bundleURL.appendingPathComponent("earshot"),
                          packageRoot.appendingPathComponent(".build/debug/earshot")]
        return try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) })
    }

    /// Runs `earshot` (or, with `tool`, another program found on the PATH: `swift`, `swiftc`).
    @discardableResult
    static func run(_ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil,
                    input: String? = nil, tool: String? = nil) throws -> EarshotProcess {
        let process = Process()
        process.executableURL = tool == nil ? try binary() : URL(fileURLWithPath: "/usr/bin/env")
        let arguments = tool.map { [$0] + arguments } ?? arguments
        process.arguments = arguments
        // The tests run on CI too: `CI` (which makes a missing golden transcript fail) reaches
        // earshot only where a test sets it.
        var inherited = ProcessInfo.processInfo.environment
        inherited.removeValue(forKey: "CI")
        // What the program leaves in its temporary folder (SwiftPM's, a speech worker's) goes with
        // the tests' own when they end (``testTemporaryDirectory``).
        inherited["TMPDIR"] = testTemporaryDirectory.path
        process.environment = inherited.merging(environment) { $1 }
        process.currentDirectoryURL = directory ?? packageRoot
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdin = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        try process.run()
        if let input {
            writeIgnoringAnEndedReader(input, to: stdin.fileHandleForWriting)
            try stdin.fileHandleForWriting.close()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return EarshotProcess(status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
                              err: String(decoding: errData, as: UTF8.self))
    }

    static func temporaryFolder() throws -> URL {
        let url = testTemporaryDirectory.appendingPathComponent("earshot-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// A program started and left running (earshot unless told): its standard input is written as
/// it runs, and ``finish()`` closes it and collects what it printed. Ended after `timeout`
/// seconds, so a hang fails a test rather than stopping the suite.
final class StartedProcess {
    let process = Process()
    private let input = Pipe(), output = Pipe(), error = Pipe()
    private let timer: DispatchWorkItem

    /// `environment` replaces the inherited one when given (`CI` is never passed on).
    init(_ arguments: [String], executable: URL? = nil, environment: [String: String]? = nil, in directory: URL,
         timeout: Double = 60) throws {
        process.executableURL = try executable ?? EarshotProcess.binary()
        process.arguments = arguments
        var variables = environment ?? ProcessInfo.processInfo.environment
        variables.removeValue(forKey: "CI")
        if environment?["TMPDIR"] == nil { variables["TMPDIR"] = testTemporaryDirectory.path }
        process.environment = variables
        process.currentDirectoryURL = directory
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        let process = self.process
        timer = DispatchWorkItem { process.terminate() }
        try process.run()
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer)
    }

    func write(_ text: String) {
        writeIgnoringAnEndedReader(text, to: input.fileHandleForWriting)
    }

    /// What was read of standard output before ``finish()``.
    private var readSoFar = Data()

    /// Reads standard output until it holds `text`, or ends; ``finish()`` returns it all the same.
    func waitForOutput(containing text: String) {
        while !String(decoding: readSoFar, as: UTF8.self).contains(text) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { return }
            readSoFar.append(chunk)
        }
    }

    /// Closes standard input, waits for the end, and returns the status and what was printed
    /// (`timedOut` when it had to be ended).
    func finish() throws -> (result: EarshotProcess, timedOut: Bool) {
        try input.fileHandleForWriting.close()
        let out = readSoFar + output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        timer.cancel()
        return (EarshotProcess(status: process.terminationStatus, out: String(decoding: out, as: UTF8.self),
                               err: String(decoding: err, as: UTF8.self)), process.terminationReason == .uncaughtSignal)
    }
}

/// Writes a child's standard input, where the child may already have ended (a program that
/// refuses its arguments reads none of it): SIGPIPE is ignored in the test process, once, so the
/// write fails with EPIPE instead of ending every test at once (the test process died of it,
/// signal 13, in a CI run), and the failure is left to the child's status to tell.
func writeIgnoringAnEndedReader(_ text: String, to handle: FileHandle) {
    _ = brokenPipesIgnored
    try? handle.write(contentsOf: Data(text.utf8))
}

private let brokenPipesIgnored: Void = { signal(SIGPIPE, SIG_IGN) }()
