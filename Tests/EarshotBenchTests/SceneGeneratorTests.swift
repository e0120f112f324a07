import EarshotBench
import EarshotCore
import EarshotReader
import Testing

/// The bench's workloads: generated scenes of an exact size, walked end to end.
@Suite("Bench scene generator")
struct SceneGeneratorTests {
    @Test(arguments: [16, 1_000, 10_007])
    func aSceneHasExactlyTheElementsAskedForPlusTheGrabberAndDimmingView(_ size: Int) throws {
        let scene = try SceneGenerator(elements: size).scene()
        // Its text fields bring the on-screen keyboard's keys, which are the system's.
        let keys = scene.elements.filter { $0.surface == .keyboard }.count
        #expect(keys == scene.topLevel(of: .keyboard).count && (keys == 0) == !scene.hasKeyboard)
        #expect(scene.elements.count == size + 2 + keys)
        #expect(scene.elements.filter { $0.system == .grabber }.count == 1)
        #expect(scene.elements.filter { $0.system == .dismiss }.count == 1)
    }

    @Test func theParentIsNestedGroupsAndTheSheetHoldsOneInAHundred() throws {
        let generator = SceneGenerator(elements: 2_000)
        let scene = try generator.scene()
        let sheet = try #require(scene.presentations[SceneGenerator.sheetID])
        #expect(sheet.style == .sheet && sheet.selected == "medium" && sheet.undimmed == "medium")
        let sections = scene.root.filter { scene[$0].role == .group }
        #expect(sections.count == 2_000 / 91 + 1)   // a section: itself, 10 rows, 80 leaves
        let row = try #require(scene[sections[0]].children.first)
        #expect(scene[row].role == .group && scene[row].children.count == 8)
        let inSheet = scene.elements.indices.filter { scene[ElementRef($0)].surface.presentationID == SceneGenerator.sheetID }
        #expect(inSheet.count == generator.sheetElements + 2)   // and the grabber and the dimming view
    }

    @Test func theSheetIsNonmodalAndCoversPartOfTheParent() throws {
        let scene = try SceneGenerator(elements: 1_000).scene()
        let reader = StepBench.preparedReader(scene)
        #expect(reader.presented == SceneGenerator.sheetID)
        let scope = reader.scope
        let parent = scope.filter { scene[$0].surface == .root }
        let sheet = scope.filter { scene[$0].surface != .root }
        #expect(sheet.count == SceneGenerator(elements: 1_000).sheetElements)   // grabber and Done in, the group not
        let focusableParent = scene.elements.indices.filter {
            scene[ElementRef($0)].surface == .root && scene[ElementRef($0)].isFocusable
        }
        #expect(parent.count < focusableParent.count)          // the sheet covers some rows
        #expect(parent.count > focusableParent.count - 20)     // and only the rows under it
        #expect(reader.cursor == scope.first)
    }

    @Test func descriptionsTakeManyPathsOfTheSpec() throws {
        let scene = try SceneGenerator(elements: 200).scene()
        var reader = StepBench.preparedReader(scene)
        var spoken: [String] = []
        for _ in 0..<20 {
            reader.swipeRight()
            spoken += reader.spoken
        }
        #expect(reader.steps.first { $0.written == "first" }.map(Transcript.block)?.contains("Library. Heading.") == true)
        #expect(spoken.contains("Filters. Button."))
        #expect(spoken.contains("Item 0. Button."))
        #expect(spoken.contains("Opens item 0."))
        #expect(spoken.contains("Option 18. Switch Button. On."))
        #expect(spoken.contains("Level 3: 3%. Adjustable."))
        #expect(spoken.contains("Note 4. Text Field."))
        #expect(spoken.contains("Archive 6. Dimmed. Button."))
    }

    @Test func aWalkVisitsTheWholeScopeAndEndsOnABoundary() throws {
        let scene = try SceneGenerator(elements: 500).scene()
        let walk = StepBench.walk(scene, slices: 3, stepsPerSlice: 1_000)
        let scope = StepBench.preparedReader(scene).scope.count
        #expect(walk.scope == scope)
        #expect(walk.walks == 3 * ((1_000 + scope - 1) / scope))   // whole walks until each slice has 1,000 steps
        #expect(walk.steps == walk.walks * scope)
        #expect(walk.stepsPerSecond > 0)
    }

    @Test func presentingAndDismissingComesBackToThePresenter() throws {
        let scene = try SceneGenerator(elements: 300).scene()
        let cycles = StepBench.presentAndDismiss(scene, minimumCycles: 10, minimumSeconds: 0)
        #expect(cycles.cycles == 10)
        #expect(cycles.cyclesPerSecond > 0)
    }
}
