import EarshotCore
import EarshotReader
import EarshotScenario
import Testing

/// Loads a scene from YAML written in the test.
func loadScene(_ yaml: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Scene {
    do {
        return try SceneLoader.load(yaml: yaml, file: "test.yaml")
    } catch {
        Issue.record("the scene does not load:\n\(error)", sourceLocation: sourceLocation)
        throw error
    }
}

extension Scene {
    /// The element with this id or unique label; fails the test when there is none.
    func ref(_ name: String) throws -> ElementRef {
        try #require(resolve(name), "no element '\(name)'")
    }

    /// The descriptions of the scope in order.
    func scopeDescriptions(_ state: SceneState = SceneState()) -> [String] {
        let builder = DescriptionBuilder(scene: self)
        return scope(in: state).map { builder.description(of: $0, in: state) }
    }

    func state(presenting ids: String..., detent: String? = nil) -> SceneState {
        var state = SceneState()
        for id in ids { state.present(id, in: self, presenter: nil) }
        if let detent { state.stack[state.stack.count - 1].detent = detent }
        return state
    }
}

extension ScreenReader {
    /// Touches an element and double taps it, as presenting something by hand takes.
    mutating func open(_ target: String) {
        touch(target)
        doubleTap()
    }
}
