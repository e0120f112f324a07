import EarshotCore
import EarshotReader
import Testing

/// The gestures are one table (`Gesture.Kind.all`): each kind's reader method records the step as
/// the gesture writes itself, and the table's names and keys are unique.
@Suite("Gestures")
struct GestureTests {
    /// A gesture of each kind, with a value of the shape it takes.
    static var samples: [Gesture] {
        Gesture.Kind.all.map { kind in
            switch kind.takes {
            case .nothing: Gesture(kind)
            case .text: Gesture(name: kind.name, value: .text("Wi-Fi"))!
            case .point: Gesture(name: kind.name, value: .point(x: 10, y: 20.5))!
            case .seconds: Gesture(name: kind.name, value: .seconds(1.5))!
            case .word: Gesture(name: kind.name, value: .word(kind.words[0]))!
            }
        }
    }

    @Test(arguments: samples)
    func eachGestureRecordsItsStepAsItWritesItself(_ gesture: Gesture) throws {
        let scene = try loadScene(StepTests.list)
        var reader = ScreenReader(scene: scene)
        reader.touch("Wi-Fi")
        gesture.perform(on: &reader)
        #expect(reader.steps.count == 2)
        #expect(reader.steps.last?.written == gesture.written)
    }

    @Test func writtenFormsUseTheShortestNumbers() {
        #expect(Gesture.tap(x: 10, y: 20.0).written == "tap: [10, 20]")
        #expect(Gesture.wait(1.50).written == "wait: 1.5s")
        #expect(Gesture.rotor(.actions).written == "rotor: actions")
        #expect(Gesture(.swipeToDismiss).written == "swipeToDismiss")
    }

    @Test func namesAndKeysAreUnique() {
        let names = Gesture.Kind.all.map(\.name)
        #expect(Set(names).count == names.count)
        let keys = Gesture.Kind.all.compactMap(\.key)
        #expect(Set(keys).count == keys.count)
        for kind in Gesture.Kind.all { #expect(Gesture.Kind.named(kind.name) === kind) }
    }

    @Test func aValueMustFitItsKind() {
        #expect(Gesture(name: "rotor", value: .word("actions")) != nil)
        #expect(Gesture(name: "rotor", value: .word("headlines")) == nil)
        #expect(Gesture(name: "touch", value: .seconds(1)) == nil)
        #expect(Gesture(name: "swipeRight", value: .text("x")) == nil)
        #expect(Gesture(name: "swipeRigth") == nil)
    }

    /// The audit explorer tries what the table marks: double tap on each element, and the scrub
    /// and the swipe to dismiss while a presentation is up (TalkBack's Back on Android).
    @Test func theTableSaysWhatTheExplorerTries() {
        let explored = Gesture.Kind.all.filter { $0.exploration != nil }.map(\.name)
        #expect(explored == ["doubleTap", "scrub", "swipeToDismiss", "back"])
        #expect(Gesture.Kind.all.filter { $0.exploration != nil && $0.applies(to: .android) }.map(\.name) == ["doubleTap", "back"])
        #expect(Gesture.Kind.all.filter { $0.exploration != nil && $0.applies(to: .ios) }.map(\.name) == ["doubleTap", "scrub", "swipeToDismiss"])
    }
}

/// Gesture names are an enum the compiler holds complete: each name's kind has that name, and
/// every kind is in the table.
@Suite("Gesture names")
struct GestureNameTests {
    @Test func eachNameMapsToItsKindAndTheTableHoldsThemAll() {
        #expect(Gesture.Kind.Name.allCases.allSatisfy { $0.kind.name == $0.rawValue })
        #expect(Gesture.Kind.all.map(\.name) == Gesture.Kind.Name.allCases.map(\.rawValue))
        #expect(Gesture.Kind.named("swipeRight") === Gesture.Kind.swipeRight)
    }
}
