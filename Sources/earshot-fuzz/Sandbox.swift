import EarshotCapture
import EarshotFiles
import Foundation
import Yams

/// The folders the fuzzed loaders may read, and the check that keeps them there.
///
/// The loaders follow paths written in the YAML (a scenario's `scene: PATH`, a scene's
/// `base: { capture: PATH }`), relative to the folder they are given (or the file's) or
/// absolute. Every input is loaded in a folder of this process's own under `$TMPDIR` that holds
/// nothing but that input's files, and an input whose YAML holds a `/` in any scalar is not
/// run, so a path can name only a file in that folder (`..` alone is a folder, which the
/// loaders refuse to read). Without this, the fuzzer
/// soon writes `scene: /dev/zero` and reports the memory it takes as a finding, or reads any
/// file on the machine.
final class Sandbox: @unchecked Sendable {
    /// This process's sandbox, removed when the process exits normally.
    static let shared: Sandbox = {
        let sandbox = Sandbox()
        atexit { Sandbox.shared.remove() }
        return sandbox
    }()

    /// Stays empty: scene and scenario texts are loaded relative to it.
    let emptyFolder: String
    /// Holds the captures of the current based-scene input (`c1` … `c4`) and nothing else.
    let captureFolder: String
    /// Holds the current file input (`fuzz.yaml`) and nothing else.
    let fileFolder: String
    private let root: String
    /// The sandbox is the project, as a folder named on the command line is: without it every
    /// capture a `base:` or a recording names (c1 …, under $TMPDIR) was refused as outside the
    /// project, and those targets never loaded an input.
    let boundary: ProjectBoundary
    /// Which of `c1` … `c4` are on disk now.
    private var placed = Array(repeating: false, count: FuzzTarget.maximumCaptures)

    private init() {
        let template = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-fuzz.XXXXXX").path
        var bytes = Array(template.utf8CString)
        guard let made = mkdtemp(&bytes) else {
            fatalError("earshot-fuzz: cannot make a folder in \(template): \(String(cString: strerror(errno)))")
        }
        root = String(cString: made)
        emptyFolder = root + "/empty"
        captureFolder = root + "/captures"
        fileFolder = root + "/file"
        for folder in [emptyFolder, captureFolder, fileFolder] {
            try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        }
        boundary = ProjectBoundary(named: [root])
    }

    /// Removes the folders (at a normal exit; a crash leaves them, small and under `$TMPDIR`).
    private func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Saves `captures[i]` as `c(i+1)` in ``captureFolder`` and removes the other `c` files,
    /// so that what an input reads depends on that input alone. A part that is not a capture
    /// is left out: read where a scene file is expected (a scenario's `scene: c1`), it would
    /// be YAML whose paths this sandbox has not checked. The test is the scene loader's own
    /// (a capture format in the first 4096 bytes, and UTF-8 throughout).
    func placeCaptures(_ captures: [ArraySlice<UInt8>]) {
        for index in 0..<FuzzTarget.maximumCaptures {
            let path = captureFolder + "/c\(index + 1)"
            if index < captures.count, Self.isCapture(captures[index]) {
                placed[index] = FileManager.default.createFile(atPath: path, contents: Data(captures[index]))
                if !placed[index] { unlink(path) }
            } else if placed[index] {
                unlink(path)
                placed[index] = false
            }
        }
    }

    /// Saves a file input as `fuzz.yaml` in ``fileFolder``; its path. Its text passed
    /// ``pathOutside(in:)``, so the only file it can name is itself.
    func placeFile(_ bytes: [UInt8]) -> String {
        let path = fileFolder + "/fuzz.yaml"
        if !FileManager.default.createFile(atPath: path, contents: Data(bytes)) {
            fatalError("earshot-fuzz: cannot write \(path)")
        }
        return path
    }

    static func isCapture(_ bytes: ArraySlice<UInt8>) -> Bool {
        CaptureFormat.detect(String(decoding: bytes.prefix(4096), as: UTF8.self)) != nil
            && String(data: Data(bytes), encoding: .utf8) != nil
    }

    /// Nodes checked at most; past this (aliases repeating a large part), an input with a `/`
    /// or `\` is not run rather than checked for longer than it takes to load.
    static let maximumNodes = 200_000

    /// Why the text's YAML could name a path outside the sandbox, or nil when it cannot: no
    /// scalar holds a `/`. Only text with a `/` or a `\` (an escape such as `"\x2F"`) is
    /// composed to look; text the loaders cannot compose reads no file. Bytes that are not
    /// UTF-8 come as their lossy decoding: the loaders refuse them before composing.
    static func pathOutside(in text: String) -> String? {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }) else { return nil }
        // The loaders compose on a thread with a large stack, and so must this: nesting is not bounded here.
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.reason = Self.slashScalar(in: text)
            done.signal()
        }
        thread.stackSize = 256 << 20
        thread.start()
        done.wait()
        return box.reason
    }

    private static func slashScalar(in text: String) -> String? {
        // As YAMLDocument composes it: the same parser, resolver and encoding.
        guard let root = try? Parser(yaml: text, resolver: .basic, encoding: .utf8).singleRoot() else { return nil }
        var stack = [root]
        var count = 0
        while let node = stack.popLast() {
            count += 1
            if count > maximumNodes { return "more than \(maximumNodes) YAML nodes to check for paths" }
            switch node {
            case .scalar(let scalar):
                if scalar.string.contains("/") {
                    return "a scalar holds '/' at line \(scalar.mark?.line ?? 0): \(scalar.string.prefix(40))"
                }
            case .mapping(let mapping):
                for (key, value) in mapping {
                    stack.append(key)
                    stack.append(value)
                }
            case .sequence(let sequence):
                stack.append(contentsOf: sequence)
            case .alias:
                break
            }
        }
        return nil
    }

    private final class Box: @unchecked Sendable {
        var reason: String?
    }
}
