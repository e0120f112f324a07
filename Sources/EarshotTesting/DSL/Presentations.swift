import EarshotCore

/// A presentation of a scene written in Swift: ``Sheet``, ``Alert``,
/// ``ActionSheet``, ``Popover`` and ``FullScreenCover`` conform.
///
/// ```swift
/// Sheet("compose", detents: [.medium, .large], selected: .medium, grabber: true) {
///     Button("Cancel").placement(.topLeading).onActivate(.cancel)
///     TextField("To").id("to")
/// }
/// .confirm("discard")
/// .initialFocus("to")
/// ```
public protocol ScenePresentation: Sendable {
    /// The presentation as the scene format writes it.
    var definition: PresentationDefinition { get set }
}

/// One presentation as the scene format writes it: its id, its keys in
/// order, and the Swift location that created it. Made by the presentation
/// types; read by the scene loader.
public struct PresentationDefinition: Sendable {
    var id: String
    var entries: [(key: PresentationKey, value: DefinitionNode)] = []
    var location: SourceLocation

    init(_ id: String, style: PresentationStyle, file: String, line: Int, column: Int) {
        self.id = id
        self.location = SourceLocation(file: file, line: line, column: column)
        entries.append((.style, .plain(style.rawValue, at: location)))
    }

    mutating func set(_ key: PresentationKey, _ value: DefinitionNode) {
        if let index = entries.firstIndex(where: { $0.key == key }) {
            entries[index].value = value
        } else {
            entries.append((key, value))
        }
    }

    /// Content and pages go last, after every key a modifier sets.
    var node: DefinitionNode {
        let ordered = entries.filter { !$0.key.isContent } + entries.filter(\.key.isContent)
        return .map(ordered.map { ($0.key, $0.value) }, at: location)
    }

    static func detent(_ detent: Detent) -> DefinitionNode {
        guard let fraction = detent.fraction else { return .quoted(detent.id) }
        return .map([(DetentKey.id, .quoted(detent.id)), (.fraction, .number(fraction))])
    }
}

// MARK: Keys every presentation takes

extension ScenePresentation {
    func with(_ change: (inout PresentationDefinition) -> Void) -> Self {
        var copy = self
        change(&copy.definition)
        return copy
    }

    /// `confirm:`: the presentation shown instead of dismissing while this one has unsaved changes.
    public func confirm(_ presentation: String) -> Self { with { $0.set(.confirm, .quoted(presentation)) } }

    /// `dismissible: false`: isModalInPresentation; interactive dismissal is refused.
    public func dismissible(_ dismissible: Bool) -> Self { with { $0.set(.dismissible, .bool(dismissible)) } }

    /// `escape:`: what the app overrides for the two-finger scrub (`.content`: its content dismisses it; `.sheet`: the grabber too; `.none`: nothing); without it, the system default for the style.
    public func escape(_ escape: EscapeHandling) -> Self { with { $0.set(.escape, .plain(escape.rawValue)) } }

    /// `initialFocus:`: the element (id or unique label) the cursor lands on when presented.
    public func initialFocus(_ target: String) -> Self { with { $0.set(.initialFocus, .quoted(target)) } }

    /// `title:`: spoken first (alerts, action sheets) or as the navigation bar's heading (sheets).
    public func title(_ title: String) -> Self { with { $0.set(.title, .quoted(title)) } }

    /// `toolkit:`: the UI toolkit that makes the presentation, one the platform's profile names
    /// (Android: `"views"`, `"compose"`); its own grabber, scrim, pane title and Back apply.
    ///
    /// ```swift
    /// Sheet("filters", detents: [.medium, .large], grabber: true) { Text("Filters") }.toolkit("compose")
    /// ```
    public func toolkit(_ name: String) -> Self { with { $0.set(.toolkit, .quoted(name)) } }

    /// `auditSkip:`: the audit rules whose findings at this presentation, or at any of its
    /// elements, are suppressed, and why. They are still reported, as suppressed, and fail nothing.
    ///
    /// ```swift
    /// Sheet("session") { Text("Welcome") }.auditSkip(["sheet-dismiss-control"], reason: "ends on a timer")
    /// ```
    public func auditSkip(_ rules: [String], reason: String) -> Self {
        with { $0.set(.auditSkip, .map([("rules", .list(rules.map { .plain($0) })), ("reason", .quoted(reason))])) }
    }
}

extension Sheet {
    /// `persistent: true`: a sheet the user never dismisses (Maps' card); a scrub, a swipe down
    /// and its dimming view sound the failure earcon.
    ///
    /// ```swift
    /// Sheet("card", detents: [.medium, .large], grabber: true) { SearchField("Search Maps") }.persistent()
    /// ```
    public func persistent(_ persistent: Bool = true) -> Self { with { $0.set(.persistent, .bool(persistent)) } }
}

extension Popover {
    /// `adaptation:`: `.none` keeps the popover's look on iPhone, where UIKit shows a popover as a
    /// sheet (SwiftUI's `presentationCompactAdaptation(.none)`).
    public func adaptation(_ adaptation: Adaptation) -> Self { with { $0.set(.adaptation, .plain(adaptation.rawValue)) } }
}

// MARK: The presentation types

/// `style: sheet` (or `formSheet`, `pageSheet` with ``style(_:)``): a sheet
/// resting at detents, with an optional grabber, modal unless it rests at
/// or below its `undimmed` detent.
///
/// ```swift
/// Sheet("format", detents: [.medium, .large], selected: .medium, grabber: true, undimmed: .medium) {
///     Button("Done").placement(.topTrailing).onActivate(.dismiss)
///     Button("Bold")
/// }
/// ```
public struct Sheet: ScenePresentation {
    /// The presentation as the scene format writes it.
    public var definition: PresentationDefinition

    /// A sheet with this id and content. Detents default to `[large]`; the
    /// selected detent to the smallest; no grabber; `undimmed: none`.
    public init(_ id: String, detents: [Detent]? = nil, selected: Detent? = nil, grabber: Bool = false,
                undimmed: Detent? = nil, file: String = #filePath, line: Int = #line, column: Int = #column,
                @ElementBuilder content: () -> [ElementDefinition]) {
        definition = PresentationDefinition(id, style: .sheet, file: file, line: line, column: column)
        configure(detents: detents, selected: selected, grabber: grabber, undimmed: undimmed)
        definition.set(.content, .list(content().map(\.node)))
    }

    /// A multi-page sheet (`pages:`): the first page shows first; later pages
    /// get the system Back button.
    ///
    /// ```swift
    /// Sheet("wifi", pages: {
    ///     SheetPage("networks", title: "Wi-Fi") { Button("Home").onActivate(.navigate("join")) }
    ///     SheetPage("join", title: "Join") { SecureField("Password") }
    /// })
    /// ```
    public init(_ id: String, detents: [Detent]? = nil, selected: Detent? = nil, grabber: Bool = false,
                undimmed: Detent? = nil, file: String = #filePath, line: Int = #line, column: Int = #column,
                @SheetPageBuilder pages: () -> [SheetPage]) {
        definition = PresentationDefinition(id, style: .sheet, file: file, line: line, column: column)
        configure(detents: detents, selected: selected, grabber: grabber, undimmed: undimmed)
        definition.set(.pages, .list(pages().map(\.node)))
    }

    private mutating func configure(detents: [Detent]?, selected: Detent?, grabber: Bool, undimmed: Detent?) {
        if let detents { definition.set(.detents, .list(detents.map(PresentationDefinition.detent))) }
        if let selected { definition.set(.selected, .quoted(selected.id)) }
        if grabber { definition.set(.grabber, .bool(true)) }
        if let undimmed { definition.set(.undimmed, .quoted(undimmed.id)) }
    }

    /// `style:`: `.sheet` (the default), `.formSheet`, `.pageSheet` or `.fullScreen`.
    public func style(_ style: PresentationStyle) -> Sheet {
        with { $0.set(.style, .plain(style.rawValue, at: $0.location)) }
    }
}

/// One page of a multi-page ``Sheet``: `{ id, title, content }`.
public struct SheetPage: Sendable {
    var node: DefinitionNode

    /// A page with this id, an optional title, and its content, created here.
    public init(_ id: String, title: String? = nil, file: String = #filePath, line: Int = #line, column: Int = #column,
                @ElementBuilder content: () -> [ElementDefinition]) {
        let here = SourceLocation(file: file, line: line, column: column)
        var pairs: [(PageKey, DefinitionNode)] = [(.id, .quoted(id, at: here))]
        if let title { pairs.append((.title, .quoted(title))) }
        pairs.append((.content, .list(content().map(\.node))))
        node = .map(pairs, at: here)
    }
}

/// `style: alert`: a title and at most two actions; escape runs the `cancel`-role button.
///
/// ```swift
/// Alert("delete", title: "Delete this photo?") {
///     Button("Cancel").role(.cancel).onActivate(.dismiss)
///     Button("Delete").role(.destructive).onActivate(.dismiss)
/// }
/// ```
public struct Alert: ScenePresentation {
    /// The presentation as the scene format writes it.
    public var definition: PresentationDefinition

    /// An alert with this id, its title, and its content, created here.
    public init(_ id: String, title: String? = nil, file: String = #filePath, line: Int = #line, column: Int = #column,
                @ElementBuilder content: () -> [ElementDefinition]) {
        definition = PresentationDefinition(id, style: .alert, file: file, line: line, column: column)
        if let title { definition.set(.title, .quoted(title)) }
        definition.set(.content, .list(content().map(\.node)))
    }
}

/// `style: actionSheet`: a title and stacked actions, the `cancel`-role one last.
///
/// ```swift
/// ActionSheet("discard", title: "Delete this draft?") {
///     Button("Delete Draft").role(.destructive).onActivate(.dismissAll)
///     Button("Cancel").role(.cancel).onActivate(.dismiss)
/// }
/// ```
public struct ActionSheet: ScenePresentation {
    /// The presentation as the scene format writes it.
    public var definition: PresentationDefinition

    /// An action sheet with this id, its title, and its actions, created here.
    public init(_ id: String, title: String? = nil, file: String = #filePath, line: Int = #line, column: Int = #column,
                @ElementBuilder content: () -> [ElementDefinition]) {
        definition = PresentationDefinition(id, style: .actionSheet, file: file, line: line, column: column)
        if let title { definition.set(.title, .quoted(title)) }
        definition.set(.content, .list(content().map(\.node)))
    }
}

/// `style: popover`: shown below its presenter; escape dismisses it.
public struct Popover: ScenePresentation {
    /// The presentation as the scene format writes it.
    public var definition: PresentationDefinition

    /// A popover with this id and content, created here.
    public init(_ id: String, file: String = #filePath, line: Int = #line, column: Int = #column,
                @ElementBuilder content: () -> [ElementDefinition]) {
        definition = PresentationDefinition(id, style: .popover, file: file, line: line, column: column)
        definition.set(.content, .list(content().map(\.node)))
    }
}

/// `style: fullScreen`: a full-screen cover; always modal, cannot be swiped down.
public struct FullScreenCover: ScenePresentation {
    /// The presentation as the scene format writes it.
    public var definition: PresentationDefinition

    /// A full-screen cover with this id and content, created here.
    public init(_ id: String, file: String = #filePath, line: Int = #line, column: Int = #column,
                @ElementBuilder content: () -> [ElementDefinition]) {
        definition = PresentationDefinition(id, style: .fullScreen, file: file, line: line, column: column)
        definition.set(.content, .list(content().map(\.node)))
    }
}

// MARK: Builders

/// Builds a scene's presentations.
@resultBuilder
public enum PresentationBuilder {
    /// One presentation.
    public static func buildExpression(_ presentation: some ScenePresentation) -> [PresentationDefinition] {
        [presentation.definition]
    }

    /// Presentations built elsewhere.
    public static func buildExpression(_ presentations: [PresentationDefinition]) -> [PresentationDefinition] { presentations }

    /// Statements in order.
    public static func buildBlock(_ parts: [PresentationDefinition]...) -> [PresentationDefinition] { parts.flatMap { $0 } }

    /// `if` without `else`.
    public static func buildOptional(_ part: [PresentationDefinition]?) -> [PresentationDefinition] { part ?? [] }

    /// The first branch of `if`/`else` or `switch`.
    public static func buildEither(first part: [PresentationDefinition]) -> [PresentationDefinition] { part }

    /// The second branch of `if`/`else` or `switch`.
    public static func buildEither(second part: [PresentationDefinition]) -> [PresentationDefinition] { part }

    /// `for … in`.
    public static func buildArray(_ parts: [[PresentationDefinition]]) -> [PresentationDefinition] { parts.flatMap { $0 } }
}

/// Builds the pages of a multi-page ``Sheet``.
@resultBuilder
public enum SheetPageBuilder {
    /// Pages in order.
    public static func buildBlock(_ parts: [SheetPage]...) -> [SheetPage] { parts.flatMap { $0 } }

    /// One page.
    public static func buildExpression(_ page: SheetPage) -> [SheetPage] { [page] }

    /// `if` without `else`.
    public static func buildOptional(_ part: [SheetPage]?) -> [SheetPage] { part ?? [] }

    /// `for … in`.
    public static func buildArray(_ parts: [[SheetPage]]) -> [SheetPage] { parts.flatMap { $0 } }
}
