import Foundation

/// libFuzzer's entry point: one input, its target's selector byte first (``FuzzTarget``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = FuzzTarget.run(UnsafeBufferPointer(start: data, count: size), in: .shared)
    return 0
}

/// earshot-fuzz: the scene loader, the scenario loader and the capture importer under libFuzzer,
/// or, built without it, a program that replays fuzz inputs.
///
/// ```
/// make fuzz                                      # build with libFuzzer and fuzz for 10 minutes
/// .build/fuzz/debug/earshot-fuzz CRASH_FILE      # replay one input under the sanitizers
/// swift build --product earshot-fuzz && .build/debug/earshot-fuzz CRASH_FILE   # or without them
/// ```
///
/// Built for fuzzing (`-sanitize=fuzzer,address -DLIBFUZZER`), `main` hands the command line
/// to libFuzzer's driver, as libFuzzer's own `main` would. It is ours rather than libFuzzer's
/// because SwiftPM links a debug executable's entry point (`earshot_fuzz_main`) as `main` in
/// place of any other. Built plainly (`swift build`), `main` replays: each file named, or each
/// file in a folder named, goes through the same function as under libFuzzer, and what became
/// of it is printed, so a crash can be run and stepped through in a debugger.
@main
enum EarshotFuzz {
    static func main() {
        #if LIBFUZZER
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(runFuzzerDriver(&argc, &argv, { fuzz($0, $1) }))
        #else
        exit(replay(Array(CommandLine.arguments.dropFirst())))
        #endif
    }

    #if !LIBFUZZER
    /// Runs each input file and prints its outcome; 0 when every file could be read.
    static func replay(_ arguments: [String]) -> Int32 {
        guard !arguments.isEmpty, !arguments.contains(where: { $0 == "-h" || $0 == "--help" }) else {
            print("usage: earshot-fuzz INPUT|FOLDER …  (replays fuzz inputs; `make fuzz` builds the fuzzer itself)")
            return arguments.isEmpty ? 2 : 0
        }
        var status: Int32 = 0
        for file in files(arguments) {
            guard let data = FileManager.default.contents(atPath: file) else {
                FileHandle.standardError.write(Data("earshot-fuzz: cannot read \(file)\n".utf8))
                status = 2
                continue
            }
            let target = data.first.map { FuzzTarget(selector: $0).name } ?? "none"
            let started = Date()
            let outcome = data.withUnsafeBytes { FuzzTarget.run($0.bindMemory(to: UInt8.self), in: .shared) }
            let time = String(format: "%.3f s", Date().timeIntervalSince(started))
            switch outcome {
            case .loaded: print("\(file): \(target): loaded (\(time))")
            case .rejected(let message): print("\(file): \(target): rejected (\(time)): \(message)")
            case .skipped(let reason): print("\(file): \(target): not run: \(reason)")
            }
        }
        return status
    }

    /// The files named, with a folder standing for the files in it, by name.
    static func files(_ arguments: [String]) -> [String] {
        arguments.flatMap { argument -> [String] in
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder), isFolder.boolValue else {
                return [argument]
            }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []
            return names.sorted().map { (argument as NSString).appendingPathComponent($0) }
        }
    }
    #endif
}

#if LIBFUZZER
/// libFuzzer's driver (`LLVMFuzzerRunDriver`): parses libFuzzer's options and runs `callback`
/// on each input, exactly as libFuzzer's `main` does.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<CInt>,
                     _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt
#endif
