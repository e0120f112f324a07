import ArgumentParser
import EarshotCapture
import EarshotCore
import EarshotScenario
import EarshotSpeech
import Foundation

extension Earshot {
    /// `earshot import CAPTURE -o SCENE.yaml`: a running app's captured hierarchy as a scene file.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Turn an accessibility hierarchy captured from a running app into a scene file.",
            discussion: """
                CAPTURE is WebDriverAgent / Appium page source XML (driver.page_source) or XCUITest's \
                debugDescription text (print(app.debugDescription)); the format is \
                told by the content. The scene written is an ordinary scene file to read, edit and add \
                behaviours to: each element's comment names the capture line it came from. Element types \
                Earshot does not know are imported as text and listed once as warnings. `earshot tree` and \
                `earshot audit` also read a capture directly.

                Exit status: 0 written, 2 bad input (FILE:LINE:COLUMN: error: …), 3 the output not writable.

                Example:
                  earshot import settings.xml -o Scenarios/settings/settings.yaml
                """
        )

        @Argument(help: "The capture file.")
        var capture: String

        @Option(name: .shortAndLong, help: "The scene file to write (default: standard output).")
        var output: String?

        @Option(help: "The scene's name (default: the application's label).")
        var name: String?

        @Option(help: "ios, ipados, macos, watchos or visionos (default ios).")
        var platform: Platform?

        func run() throws {
            guard let capture = try readCapture(self.capture) else {
                printError("earshot import: error: \(self.capture) is not a capture Earshot reads (expected WebDriverAgent page source XML or XCUITest debugDescription text)")
                throw ExitCode(ExitStatus.badInput)
            }
            let imported = try importCapture(capture, name: name, platform: platform)
            do {
                // The written scene loads as any scene file does, or the import is a bug worth hearing of.
                _ = try SceneLoader.load(yaml: imported.yaml, file: output ?? self.capture)
            } catch {
                printError(error.description)
                throw ExitCode(ExitStatus.badInput)
            }
            guard let output else { return print(imported.yaml, terminator: "") }
            do {
                try AtomicFile.write(imported.yaml, to: URL(fileURLWithPath: output))
            } catch {
                printError("earshot import: error: cannot write '\(output)': \(error.localizedDescription)")
                throw ExitCode(ExitStatus.environment)
            }
            printError("\(output): \(imported.elementCount) elements from \(self.capture) (\(capture.format.title))")
        }
    }
}

extension Platform: ExpressibleByArgument {}
