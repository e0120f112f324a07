import EarshotCore
import EarshotFiles
import EarshotRunner
import EarshotScenario
import Foundation

/// Finding a run's scenario files and telling them apart: the search of the folders named, the
/// shards, and the outputs two files (or configurations) would share.
extension Suite {
    /// Scenario files under the paths, sorted: folders are searched for `.yaml`, `.yml` and
    /// `.json` files, each read as the loaders read it (``DocumentKind``): scenarios are run,
    /// scenes, configurations and captures passed over, and any other such file is bad input (a
    /// scenario whose `scenario:` key is misspelt would otherwise pass by unrun). A file named
    /// directly must be a scenario.
    public static func discover(_ paths: [String]) throws(LoadError) -> [String] {
        var files: [String] = []
        var problems: [Diagnostic] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                problems.append(Diagnostic("no such file or folder", at: SourceLocation(file: path, line: 1, column: 1),
                                           expected: "a scenario file or a folder of them"))
                continue
            }
            if isDirectory.boolValue {
                var found: [String] = []
                let (documents, unread) = documentFiles(under: path)
                problems += unread
                for file in documents {
                    switch DocumentKind.of(path: file) {
                    case .scenario: found.append(file)
                    case .scene, .configuration, .capture, .recording, .overlay: break
                    case .other(let diagnostics): problems += diagnostics
                    }
                }
                // A folder with no scenario is a mistake in the path, not a suite that passed.
                if found.isEmpty {
                    problems.append(Diagnostic("this folder holds no scenario file", at: SourceLocation(file: path, line: 1, column: 1),
                                               expected: "a folder with .yaml files that have a 'scenario:' key"))
                }
                files += found
            } else {
                files.append(path)
            }
        }
        if !problems.isEmpty { throw LoadError(problems) }
        // Told apart by their bytes: Swift's == holds `café` composed and decomposed equal, and a
        // Set of Strings kept one of two files the file system holds apart.
        var seen = Set<[UInt8]>()
        return files.filter { seen.insert(Array($0.utf8)).inserted }.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// The extensions of the files a folder is searched for: YAML, and JSON (which YAML reads).
    static let documentExtensions = [".yaml", ".yml", ".json"]

    /// `.yaml`, `.yml` and `.json` regular files (or links to them) in a folder and every folder
    /// below it (symbolic links to folders are not followed), except those whose names start with
    /// a dot; FIFOs, sockets and devices are skipped, and the temporary files a killed run left
    /// (``AtomicFile/removeIfStale(_:)``) removed. Read with
    /// readdir(3), which says what each entry is without a stat per file.
    /// A folder that cannot be read is a problem said at it (the machine's when it ran out of
    /// file descriptors or memory), never a folder with nothing in it.
    static func documentFiles(under folder: String) -> (files: [String], problems: [Diagnostic]) {
        var found: [String] = []
        var problems: [Diagnostic] = []
        var pending = [folder.hasSuffix("/") ? String(folder.dropLast()) : folder]
        while let current = pending.popLast() {
            guard let directory = opendir(current) else {
                let code = errno
                // Gone since it was listed: nothing in it to run.
                guard code != ENOENT, code != ENOTDIR else { continue }
                let problem = InputFile.Problem.failed(code)
                problems.append(Diagnostic("this folder \(problem.message)", at: SourceLocation(file: current, line: 1, column: 1),
                                           expected: "a folder of scenarios Earshot may read", blame: problem.isEnvironment ? .environment : .input))
                continue
            }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                guard name != ".", name != ".." else { continue }
                let full = current + "/" + name
                var type = Int32(entry.pointee.d_type)
                if type == Int32(DT_UNKNOWN) {
                    var info = stat()
                    guard lstat(full, &info) == 0 else { continue }
                    switch info.st_mode & S_IFMT {
                    case S_IFDIR: type = Int32(DT_DIR)
                    case S_IFREG: type = Int32(DT_REG)
                    case S_IFLNK: type = Int32(DT_LNK)
                    default: continue
                    }
                }
                if type == Int32(DT_DIR) {
                    pending.append(full)
                } else if name.hasPrefix("."), name.hasSuffix(".tmp") {
                    // A golden transcript or report a killed run was writing.
                    AtomicFile.removeIfStale(full)
                } else if !name.hasPrefix("."), documentExtensions.contains(where: name.hasSuffix),
                          type == Int32(DT_REG) || (type == Int32(DT_LNK) && InputFile.isRegular(full)) {
                    // Only regular files (or links to them): a FIFO named *.yaml would block its reader.
                    found.append(full)
                }
            }
        }
        return (found, problems)
    }

    /// The I-th of N shards (1-based): a stable split by a hash of each file's name (its last
    /// path component), so adding a scenario moves no other between shards, and how the folder
    /// was written (`Scenarios`, `./Scenarios/`, an absolute path) moves none either.
    public static func shard(_ files: [String], index: Int, of count: Int) -> [String] {
        files.filter { file in
            let name = file.split(separator: "/").last.map(String.init) ?? file
            return Int(TextMatching.stableHash(name) % UInt64(count)) == index - 1
        }
    }


    /// Results whose outputs would have one name (a file's name with a configuration's after it
    /// can be another file's): each named with the one it collides with.
    static func outputCollisions(_ results: [ScenarioResult]) -> [Diagnostic] {
        collisions(results, named: { $0.outputName }, same: { $0.file == $1.file && $0.configuration == $1.configuration }) { result, other, name in
            Diagnostic("the audio for this scenario in configuration '\(result.configuration.name)' would be written as '\(name)', as that of '\(other.file)' in '\(other.configuration.name)'",
                       at: result.configuration.location ?? SourceLocation(file: result.file, line: 1, column: 1),
                       expected: "scenario files and configurations whose names tell them apart; rename one")
        }
    }

    /// The items whose output names are one (compared without case, as on macOS's file
    /// systems), each said with the first that has its name; items that are `same` pass.
    private static func collisions<Item>(_ items: [Item], named name: (Item) -> String, same: (Item, Item) -> Bool = { _, _ in false },
                                         problem: (Item, Item, String) -> Diagnostic) -> [Diagnostic] {
        var first: [String: Item] = [:]
        var problems: [Diagnostic] = []
        for item in items {
            let written = name(item)
            guard let other = first[written.lowercased()] else {
                first[written.lowercased()] = item
                continue
            }
            if !same(item, other) { problems.append(problem(item, other, written)) }
        }
        return problems
    }


    /// Scenario files whose outputs would have one name (compared without case, as on macOS's
    /// file systems), each named with the file it collides with: a spoken run refuses them rather
    /// than let one file's audio overwrite the other's.
    public static func outputCollisions(_ files: [String]) -> [Diagnostic] {
        collisions(files, named: { OutputName.of(file: $0) }) { file, other, name in
            Diagnostic("the audio for this scenario would be written as '\(name)', as that of '\(other)'",
                       at: SourceLocation(file: file, line: 1, column: 1),
                       expected: "scenario files whose folder and name tell them apart; rename one")
        }
    }
}
