import EarshotCore

/// A scene's model with every location set aside: two loads of one scene from different sources
/// (a file and the Swift DSL, a capture's document and the scene file written from it) agree on it.
public enum Unlocated {
    public static let nowhere = SourceLocation.code()

    /// What the scene holds, comparable across sources.
    public struct Model: Equatable {
        public var name: String
        public var platform: Platform
        public var screenWidth: Double
        public var screenHeight: Double
        public var opening: [String]
        public var elements: [Element]
        public var presentations: [Presentation]
    }

    public static func model(of scene: Scene) -> Model {
        Model(name: scene.name, platform: scene.platform, screenWidth: scene.screen.width, screenHeight: scene.screen.height,
              opening: scene.opening,
              elements: scene.elements.map(element), presentations: scene.presentationOrder.compactMap { scene.presentations[$0] }.map(presentation))
    }

    public static func effect(_ effect: Effect) -> Effect {
        Effect(effect.actions.map { EffectAction($0.kind, at: nowhere) })
    }

    public static func element(_ element: Element) -> Element {
        var element = element
        element.location = nowhere
        element.behaviours = element.behaviours.mapValues(effect)
        element.actions = element.actions.map { CustomAction(name: $0.name, effect: effect($0.effect), location: nowhere) }
        return element
    }

    public static func presentation(_ presentation: Presentation) -> Presentation {
        var presentation = presentation
        presentation.location = nowhere
        presentation.pages = presentation.pages.map { page in
            var page = page
            page.location = nowhere
            return page
        }
        return presentation
    }
}
