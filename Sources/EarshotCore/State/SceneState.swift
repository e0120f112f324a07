/// The live state of a scene while a screen reader walks it: what is
/// presented and how, element values, editing, unsaved changes.
///
/// A value type: copying it snapshots the scene, which the audit explorer
/// uses to visit each state once.
///
/// ```swift
/// var state = SceneState()
/// state.present("compose", in: scene, presenter: scene.resolve("compose"))
/// state.topmost?.detent // "large"
/// ```
public struct SceneState: Hashable, Sendable {
    /// One presentation on screen.
    public struct Shown: Hashable, Sendable {
        public var id: String
        public var detent: String
        public var page: Int
        /// Pages shown before this one, for the Back button and the scrub (a navigation stack).
        public var history: [Int] = []
        /// For each page in ``history``, the element that left it (`navigate:`), where the cursor
        /// goes back to when that page is popped.
        public var navigators: [ElementRef?] = []
        /// The element that presented it (docs/decisions.md), if any.
        public var presenter: ElementRef?
        public var unsaved: Bool
        /// Whether a grabber that bounces (Material's drag handle) is taking the sheet down: set
        /// at its largest detent, cleared at its smallest.
        public var collapsing = false

        public init(id: String, detent: String, page: Int = 0, presenter: ElementRef? = nil, unsaved: Bool = false) {
            self.id = id
            self.detent = detent
            self.page = page
            self.presenter = presenter
            self.unsaved = unsaved
        }
    }

    /// What `set:`, typing and adjusting changed; nil fields keep the file's value.
    public struct Override: Hashable, Sendable {
        public var value: String??
        public var label: String?
        public var enabled: Bool?
        public var hidden: Bool?
        public var selected: Bool?
        /// The element's added traits now (`set: { traits: … }`); its role's stay.
        public var traits: Traits?

        public init() {}
    }

    /// Presentations from the bottom-most to the topmost.
    public var stack: [Shown] = []
    public var overrides: [ElementRef: Override] = [:]
    /// The text entry in editing, if any.
    public var editing: ElementRef?
    /// Scene state variables set by `state:` effects (canonical string values); unset ones read as `false`.
    public var variables: [String: String] = [:]

    public init() {}

    public var topmost: Shown? { stack.last }

    public func isShowing(_ id: String) -> Bool { stack.contains { $0.id == id } }

    /// Shows a presentation on top, from its file's state: values, editing
    /// and unsaved changes from an earlier showing are gone (but a menu's, whose items the app
    /// makes from its state each time: the item checked last stays checked); its first
    /// responder, if it has one, is editing.
    public mutating func present(_ id: String, in scene: Scene, presenter: ElementRef?) {
        guard let presentation = scene.presentations[id], !isShowing(id) else { return }
        if presentation.style != .menu { resetElements(of: id, in: scene) }
        stack.append(Shown(id: id, detent: presentation.selected, presenter: presenter))
        if let first = scene.firstResponder(of: id) { editing = first }
    }

    /// Removes the topmost presentation and returns it.
    @discardableResult
    public mutating func dismissTopmost(in scene: Scene) -> Shown? {
        guard let shown = stack.popLast() else { return nil }
        if let editing, scene[editing].surface.presentationID == shown.id { self.editing = nil }
        return shown
    }

    /// Removes every presentation and returns them, bottom-most first.
    @discardableResult
    public mutating func dismissAll(in scene: Scene) -> [Shown] {
        let removed = stack
        stack = []
        if let editing, scene[editing].surface != .root { self.editing = nil }
        return removed
    }

    private mutating func resetElements(of id: String, in scene: Scene) {
        overrides = overrides.filter { scene[$0.key].surface.presentationID != id }
        if let editing, scene[editing].surface.presentationID == id { self.editing = nil }
    }

    // MARK: Reading values

    /// The element's overrides; most states have none, so that is checked before hashing.
    @inline(__always)
    private func override(_ ref: ElementRef) -> Override? {
        overrides.isEmpty ? nil : overrides[ref]
    }

    /// The element's label now.
    public func label(of ref: ElementRef, in scene: Scene) -> String {
        override(ref)?.label ?? scene[ref].label
    }

    /// The element's value now (`nil` when it has none).
    public func value(of ref: ElementRef, in scene: Scene) -> String? {
        if let override = override(ref)?.value { return override }
        switch scene[ref].value {
        case .constant(let value): return value
        case .when(let condition, let then, let otherwise):
            return evaluate(condition, for: ref, in: scene) ? then : otherwise
        }
    }

    public func isEnabled(_ ref: ElementRef, in scene: Scene) -> Bool {
        if let enabled = override(ref)?.enabled { return enabled }
        if scene[ref].extraTraits.contains(.notEnabled) { return false }
        return resolve(scene[ref].enabled, for: ref, in: scene)
    }

    /// The element's traits now: its role's and its added ones, which `set:` may replace.
    @inline(__always)
    public func traits(of ref: ElementRef, in scene: Scene) -> Traits {
        guard let traits = override(ref)?.traits else { return scene[ref].traits }
        return scene[ref].role.traits.union(traits)
    }

    /// Whether the element is selected now (`selected:`, the `selected` trait, or `set:`).
    public func isSelected(_ ref: ElementRef, in scene: Scene) -> Bool {
        if let selected = override(ref)?.selected { return selected }
        return scene[ref].selected || traits(of: ref, in: scene).contains(.selected)
    }

    /// Whether the element itself is hidden (not its ancestors).
    public func isHidden(_ ref: ElementRef, in scene: Scene) -> Bool {
        if let hidden = override(ref)?.hidden { return hidden }
        return resolve(scene[ref].hidden, for: ref, in: scene)
    }

    private func resolve(_ value: Conditional<Bool>, for ref: ElementRef, in scene: Scene) -> Bool {
        switch value {
        case .constant(let value): value
        case .when(let condition, let then, let otherwise):
            evaluate(condition, for: ref, in: scene) ? then : otherwise
        }
    }

    /// Evaluates a condition for an element (docs/format.md). `unsaved` asks the
    /// presentation holding the element, else the topmost one.
    public func evaluate(_ condition: Condition, for ref: ElementRef?, in scene: Scene) -> Bool {
        switch condition {
        case .filled(let field):
            return !(value(of: field, in: scene) ?? "").isEmpty
        case .unsaved:
            let owner = ref.flatMap { scene[$0].surface.presentationID }
            let shown = owner.flatMap { id in stack.last { $0.id == id } } ?? stack.last
            return shown?.unsaved ?? false
        case .state(let name, let value):
            // A variable no effect has set yet reads as `false`.
            return (variables[name] ?? "false") == value
        case .all(let conditions):
            return conditions.allSatisfy { evaluate($0, for: ref, in: scene) }
        case .any(let conditions):
            return conditions.contains { evaluate($0, for: ref, in: scene) }
        case .not(let inner):
            return !evaluate(inner, for: ref, in: scene)
        }
    }
}
