import ArgumentParser
import EarshotCapture
import EarshotCore
import EarshotFiles
import EarshotReports
import EarshotScenario
import EarshotSpeech
import Foundation

extension Earshot {
    /// `earshot import CAPTURE -o SCENE.yaml`: a running app's captured hierarchy as a scene file.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Turn an accessibility hierarchy captured from a running app into a scene file.",
            discussion: """
                CAPTURE is WebDriverAgent / Appium page source XML (driver.page_source), idb \
                `ui describe-all` JSON (flat or --nested; AXe's describe-ui too) or XCUITest's \
                debugDescription text (print(app.debugDescription)), or on Android a `uiautomator dump` or \
                Appium UiAutomator2 page source (an Android scene, read by TalkBack); the format is told by \
                the content. \
                The scene written is an ordinary scene file to read, edit and add behaviours to: each \
                element's comment names the capture line it came from. Element types Earshot does not know \
                are imported as text and listed once as warnings, as are a capture with no element \
                VoiceOver can reach and a page source cut at WebDriverAgent's depth limit. An alert or \
                action sheet in the capture is in front of the app: a presentation showing when the scene \
                opens. `earshot tree` and `earshot audit` also read a capture directly (with the same \
                warnings), and a scene file can start from captures with `base:` (docs/import.md).

                --sheet ID=CAPTURE[,CAPTURE…] adds presentation ID from captures taken with it showing, one \
                per detent (the first is the detent it opens at): its elements are those the parent capture \
                does not hold, the grabber and dimming view are the system's, each capture's sheet height \
                gives a detent. An alert or action sheet in the capture makes it `style: alert` / \
                `actionSheet`. The n-th --presenter names the element (id or label) that presents the n-th \
                --sheet: it gets `activate: { present: ID }`.

                Exit status: 0 written, 2 bad input (FILE:LINE:COLUMN: error: …), 3 the output not writable.

                Examples:
                  earshot import settings.xml -o Scenarios/settings/settings.yaml
                  earshot import settings.xml --sheet general=general-medium.xml,general-large.xml \\
                    --presenter General -o Scenarios/settings/settings.yaml
                """
        )

        @Argument(help: "The capture file.")
        var capture: String

        @Option(name: .shortAndLong, help: "The scene file to write (default: standard output).")
        var output: String?

        @Option(help: "The scene's name (default: the application's label).")
        var name: String?

        @Option(help: "ios, ipados, macos, watchos or visionos (default: what the capture says, else ios).")
        var platform: Platform?

        @Option(name: .customLong("sheet"), help: ArgumentHelp(
            "A presentation from captures taken with it showing, one per detent (repeats).", valueName: "ID=CAPTURE[,CAPTURE…]"))
        var sheets: [String] = []

        @Option(name: .customLong("presenter"), help: ArgumentHelp(
            "The element that presents the --sheet in the same position (repeats).", valueName: "LABEL_OR_ID"))
        var presenters: [String] = []

        func run() throws {
            let target = try checkedOutput()
            let capture = try required(self.capture)
            guard presenters.count <= sheets.count else {
                throw CommandError.badInput("\(Self.errorPrefix)\(presenters.count) --presenter for \(sheets.count) --sheet (expected at most one per --sheet, in the same order)")
            }
            var presentations: [SceneImporter.PresentationCaptures] = []
            for (index, sheet) in sheets.enumerated() {
                let parts = sheet.split(separator: "=", maxSplits: 1).map(String.init)
                let files = parts.count == 2 ? parts[1].split(separator: ",").map(String.init) : []
                guard parts.count == 2, !parts[0].isEmpty, !files.isEmpty else {
                    throw CommandError.badInput("\(Self.errorPrefix)--sheet '\(sheet)' (expected ID=CAPTURE[,CAPTURE…])")
                }
                var captures: [Capture] = []
                for file in files { captures.append(try required(file)) }
                presentations.append(.init(id: parts[0], captures: captures, presenter: index < presenters.count ? presenters[index] : nil))
            }
            let imported = try importCapture(capture, presentations: presentations, name: name, platform: platform)
            do {
                // The imported scene loads as any scene does, or the import is a bug worth hearing of.
                _ = try SceneLoader.load(document: imported.document)
            } catch {
                throw CommandError.loading(error)
            }
            guard let output, target != .standardOutput else { return print(imported.yaml, terminator: "") }
            do {
                try OutputPath.write(imported.yaml, to: target)
            } catch {
                throw CommandError.environment("\(Self.errorPrefix)cannot write \(FileError.describe(error, path: output))")
            }
            printError("\(output): \(imported.elementCount) elements from \(self.capture) (\(capture.format.title))")
        }

        /// Where `-o` goes (standard output without it), checked before anything is read or
        /// written: not a device, FIFO, socket or folder (``OutputPath``), and not one of the
        /// captures this import reads (``OutputPlan``).
        private func checkedOutput() throws -> OutputPath.Target {
            guard let output else { return .standardOutput }
            switch OutputPath.file(output) {
            case .failure(let problem):
                throw CommandError.badInput("\(Self.errorPrefix)-o '\(output)' \(problem.message)")
            case .success(let target):
                var plan = OutputPlan()
                plan.reads(capture, as: "the capture")
                for sheet in sheets {
                    let files = sheet.split(separator: "=", maxSplits: 1).dropFirst().first?.split(separator: ",") ?? []
                    for file in files { plan.reads(String(file), as: "the capture of --sheet") }
                }
                plan.writes(output, as: "-o")
                try refuse(plan.conflicts, command: "import")
                return target
            }
        }

        /// The capture in a file, or bad input.
        private func required(_ path: String) throws -> Capture {
            guard let capture = try readCapture(path) else {
                throw CommandError.badInput("\(Self.errorPrefix)\(path) is not a capture Earshot reads (expected WebDriverAgent page source XML, idb describe-all JSON, XCUITest debugDescription text or a uiautomator dump)")
            }
            return capture
        }
    }
}

/// The capture in a file, when the file holds one (told by its content), else nil; a file that
/// is missing, a folder, a FIFO or a device (never waited on: ``InputFile``), or a malformed
/// capture is bad input (exit 2).
private func readCapture(_ path: String) throws -> Capture? {
    let data: Data
    switch InputFile.read(path) {
    case .success(let bytes): data = bytes
    case .failure(let problem):
        let line = "\(Earshot.Import.errorPrefix)\(path) \(problem.message)"
        throw problem.isEnvironment ? CommandError.environment(line) : CommandError.badInput(line)
    }
    // A capture (told by its first bytes) that is not UTF-8 is said at its first bad byte.
    guard CaptureFormat.detect(String(decoding: data.prefix(4096), as: UTF8.self)) != nil else { return nil }
    do {
        return try Capture.read(data: data, file: path)
    } catch {
        throw CommandError.badInput(error.description)
    }
}

/// Imports a capture as a scene file's text; its warnings go to standard error.
private func importCapture(_ capture: Capture, presentations: [SceneImporter.PresentationCaptures] = [], name: String? = nil,
                   platform: Platform? = nil) throws -> SceneImporter.Imported {
    do {
        let imported = try SceneImporter.scene(from: capture, presentations: presentations, name: name, platform: platform)
        for warning in imported.warnings { printError(warning) }
        return imported
    } catch {
        throw CommandError.badInput(error.description)
    }
}

extension Platform: ExpressibleByArgument {}
