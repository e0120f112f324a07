import EarshotCore
import EarshotReader
import EarshotRunner
import EarshotScenario
import Testing

/// Swift Testing has an `Expectation` of its own.
private typealias ScenarioExpectation = EarshotScenario.Expectation

/// Scenario steps are read from the gesture table: every gesture parses back from the way it
/// writes itself, and a step is written back (in messages, reports, the transcript) one way.
@Suite("Step table")
struct StepTableTests {
    @Test(arguments: Gesture.Kind.all)
    func everyGestureParsesFromItsWrittenForm(_ kind: Gesture.Kind) throws {
        let gesture: Gesture = switch kind.takes {
        case .nothing: Gesture(kind)
        case .text: try #require(Gesture(name: kind.name, value: .text("compose")))
        case .point: try #require(Gesture(name: kind.name, value: .point(x: 12.5, y: 40)))
        case .seconds: try #require(Gesture(name: kind.name, value: .seconds(0.25)))
        case .word: try #require(Gesture(name: kind.name, value: .word(kind.words[kind.words.count - 1])))
        }
        let step = try ScenarioStep.parse(gesture.written)
        #expect(step.action == .gesture(gesture))
        #expect(step.written == gesture.written)
    }

    /// A failure message once said `tap: [10, 20.0]` where the transcript said `tap: [10, 20]`.
    @Test func aStepIsWrittenBackAsTheTranscriptRecordsIt() throws {
        let scene = try SceneLoader.load(yaml: """
            scene: Empty
            root:
              - button: OK
                frame: [0, 0, 10, 10]
            """, file: "empty.yaml")
        let steps = try ["tap: [200, 20.0]", "wait: 0.50s"].map { try ScenarioStep.parse($0) }
        #expect(steps.map(\.written) == ["tap: [200, 20]", "wait: 0.5s"])
        // A report shows them as the file writes them.
        #expect(steps.map(\.source) == ["tap: [200, 20.0]", "wait: 0.50s"])
        let result = ScenarioRunner().run(Scenario(name: "tap", file: "tap.yaml", scene: scene, steps: steps,
                                                   location: SourceLocation(file: "tap.yaml", line: 1, column: 1)))
        // Nothing is at (200, 20): the step cannot act, and its message names it as the transcript
        // does; the report's step list shows it as the file writes it.
        #expect(result.steps.map(\.written) == ["tap: [200, 20]"])
        #expect(result.screens.map(\.written) == ["tap: [200, 20.0]"])
        guard case .cannotAct(let step, _) = result.failure?.cause else { Issue.record("the tap acted"); return }
        #expect(step == "tap: [200, 20]")
    }

    @Test func wordsAreCheckedAgainstTheKindsWords() {
        #expect(throws: LoadError.self) { try ScenarioStep.parse("rotor: headlines") }
        let error = #expect(throws: LoadError.self) { try ScenarioStep.parse("vo: rihgt") }
        #expect(error?.description.contains("unknown vo key 'rihgt'") == true)
        #expect(error?.description.contains("did you mean 'right'") == true)
    }

    @Test(arguments: EarshotScenario.Expectation.Kind.all)
    func everyExpectationReadsTheValueItsKindTakes(_ kind: EarshotScenario.Expectation.Kind) throws {
        let (written, value): (String, EarshotScenario.Expectation.Value) = switch kind.takes {
        case .text: ("Compose", .text("Compose"))
        case .texts: ("[Compose, '']", .texts(["Compose", ""]))
        case .flag: ("false", .flag(false))
        case .word: (kind.words[kind.words.count - 1], .text(kind.words[kind.words.count - 1]))
        }
        let step = try ScenarioStep.parse("expect: { \(kind.name): \(written) }")
        let expected = try #require(ScenarioExpectation(kind: kind, value: value))
        #expect(step.action == .expect([expected]))
        #expect(throws: LoadError.self) { try ScenarioStep.parse("expect: { \(kind.name): { a: b } }") }
    }
}
