import EarshotCore
import Foundation

/// A VoiceOver-like screen reader over a live scene: takes gestures, moves
/// the cursor, runs behaviours, and records what a VoiceOver user hears.
///
/// ```swift
/// var reader = ScreenReader(scene: scene)
/// reader.touch("compose")          // "Compose. Button."
/// reader.doubleTap()               // screenChanged; "To. Text Field."
/// reader.lastDescription           // "To. Text Field."
/// reader.presented                 // "compose"
/// print(reader.transcript)
/// ```
///
/// Pure and deterministic: no I/O, no clock but its own virtual one. Every
/// gesture returns the events it caused; ``steps`` keeps them all.
public struct ScreenReader: Sendable {
    /// The rotors of docs/format.md.
    public enum Rotor: String, CaseIterable, Hashable, Sendable {
        case actions, headings, links, containers, adjust
    }

    public let scene: Scene
    public internal(set) var state: SceneState
    /// The element under the cursor; nil before the first step.
    public internal(set) var cursor: ElementRef?
    public internal(set) var rotor: Rotor?
    /// The custom action chosen on the Actions rotor, reset when the cursor moves.
    public internal(set) var actionIndex: Int?
    /// Speak hints (the scenario's `hints:`).
    public var hints: Bool
    /// Words a minute, for estimating utterance lengths on the virtual clock (``SpeechDuration``).
    public var rate: Double {
        didSet { estimator = SpeechDuration.Estimator(rate: rate, language: scene.language) }
    }
    /// The length estimate at ``rate`` in the scene's language.
    private(set) var estimator: SpeechDuration.Estimator
    /// Seconds on the virtual clock.
    public internal(set) var clock: Double = 0
    /// Every step so far with its events.
    public internal(set) var steps: [StepRecord] = []

    let describer: DescriptionBuilder

    // Scope cache: rebuilt only after a change of `state` the scope can read (every mutation goes
    // through ``changeState(_:)``: presenting, dismissing, detents, pages, `hidden`; or
    // ``changeValues(_:)``: values, labels, variables, typing, toggling and adjusting, which only
    // `hidden:` conditions read). A cursor step only reads it.
    private var scopeCache: [ElementRef] = []
    /// Each element's position in the cached scope, by element index (-1: not in scope).
    private var scopePositions: [Int32] = []
    private var scopeIsValid = false
    /// The last presentation's area ``isClipped(_:)`` worked out, until the state changes.
    private var clipArea: (shown: SceneState.Shown, area: Frame)?
    /// How many times this reader (and those it was copied from) walked the scene for its scope:
    /// what tests count to see that a cost does not grow with the scene.
    package private(set) var scopeWalks = 0
    /// Scopes computed before, by the presentation stack they were computed for (at most
    /// ``knownScopeLimit``, the latest kept), so that coming back to a stack (dismissing a sheet,
    /// resizing it again) does not walk the scene again. Kept only where the scope depends on
    /// the stack alone: no `hidden:` condition in the scene and no `hidden` set by an effect.
    private var knownScopes: [(stack: [SceneState.Shown], scope: [ElementRef], positions: [Int32])] = []
    static let knownScopeLimit = 4
    /// Where the cursor was last put in the cached scope, if it is still there: a flick then
    /// finds its position without hashing (checked against the scope before use).
    var cursorPosition: Int?
    /// Record ordinary flicks directly (see `flick(by:written:)`); tests turn it off to compare.
    var fastFlicks = true
    /// The on-screen keyboard's shift: the next character typed with its keys is upper case.
    var shifted = false
    /// The notifications the last step posted, the app's and UIKit's, sounded or not
    /// (`expect: { layoutChanged: true }`).
    public internal(set) var lastPosted: [Profile.Notifications.Kind] = []

    /// Where the gesture being performed was called from (each gesture takes its caller's file,
    /// line and column, as Swift Testing's expectations do).
    var caller: StepLocation?
    /// Where each step that could not act was called from, by its index in ``steps``:
    /// EarshotTesting reports the failure there, at the test's own line.
    public internal(set) var failureLocations: [Int: StepLocation] = [:]
    /// How many of the steps that could not act a test has reported (EarshotTesting reports each
    /// once, however many expectations follow it); shared by the reader's copies.
    package let reportedFailures = FailureCount()

    // The step being performed.
    var pending: PendingStep?
    /// The last step's emptied buffers, reused by the next step.
    var recycled: PendingStep?

    public init(scene: Scene, hints: Bool = true, rate: Double = 175) {
        self.scene = scene
        self.state = scene.openingState()
        self.hints = hints
        self.rate = rate
        self.estimator = SpeechDuration.Estimator(rate: rate, language: scene.language)
        self.describer = DescriptionBuilder(scene: scene)
        refreshScope()
    }

    /// Forgets the steps recorded so far (``steps``, and so the transcript), keeping the scene's
    /// state, the cursor and the rotor: what the audit explorer keeps of a state it has yet to visit.
    ///
    /// ```swift
    /// reader.forgetSteps()
    /// reader.steps.isEmpty   // true; reader.presented is unchanged
    /// ```
    public mutating func forgetSteps() {
        steps = []
        failureLocations = [:]
        recycled = nil
    }

    // MARK: What the last step did (docs/swift.md)

    /// The events of the last step.
    public var lastEvents: [ReaderEvent] { steps.last?.events ?? [] }

    private var lastUtterances: [Utterance] { lastEvents.compactMap(\.utterance) }

    /// The last element description spoken by the last step.
    public var lastDescription: String? {
        lastUtterances.last { $0.kind == .description && !$0.interrupted }?.text
    }

    /// Everything spoken by the last step, in order: descriptions, hints,
    /// `Actions Available`, announcements and feedback; interrupted requests left out.
    public var spoken: [String] { lastUtterances.filter { !$0.interrupted }.map(\.text) }

    /// The last hint spoken by the last step.
    public var hint: String? { lastUtterances.last { $0.kind == .hint && !$0.interrupted }?.text }

    /// The earcons of the last step.
    public var earcons: [Earcon] { lastEvents.compactMap(\.earcon) }

    /// Announcements posted by the last step (spoken or not).
    public var announcements: [Utterance] { lastUtterances.filter { $0.kind == .announcement } }

    /// The texts of the announcements the last step spoke to their end: those
    /// posted and not interrupted by later speech.
    ///
    /// ```swift
    /// reader.doubleTap()            // Send: "Message sent", then the sheet dismissed
    /// reader.announcements.count    // 1
    /// reader.heardAnnouncements     // [] (the presenter's description cut it off)
    /// ```
    public var heardAnnouncements: [String] {
        lastUtterances.filter { $0.kind == .announcement && !$0.interrupted }.map(\.text)
    }

    /// The step failures so far: steps that could not act.
    public var failures: [(step: String, message: String)] {
        steps.flatMap { record in
            record.events.compactMap { event -> (String, String)? in
                if case .stepFailed(let message) = event { return (record.written, message) }
                return nil
            }
        }
    }

    /// The element under the cursor.
    public var focused: FocusedElement? {
        cursor.map { FocusedElement(ref: $0, scene: scene, state: state) }
    }

    /// The topmost presentation's id.
    public var presented: String? { state.topmost?.id }

    /// The topmost sheet's detent.
    public var detent: String? {
        state.stack.last { scene.presentations[$0.id]?.style.isResizable ?? false }?.detent
    }

    /// The transcript so far (docs/format.md).
    public var transcript: String { Transcript.text(of: steps) }

    // MARK: Scope

    /// The elements in scope now, in order. (Between steps the cache is always
    /// fresh: every gesture refreshes it when it ends.)
    public var scope: [ElementRef] { scopeIsValid ? scopeCache : scene.scope(in: state) }

    /// Whether an element is in scope now.
    public func isReachable(_ ref: ElementRef) -> Bool {
        scopeIsValid ? positionInCache(ref) != nil : scene.scope(in: state).contains(ref)
    }

    /// Whether the element with this id or label is in scope now.
    public func isReachable(_ target: String) -> Bool {
        resolve(target).map(isReachable) ?? false
    }

    mutating func refreshScope() {
        guard !scopeIsValid else { return }
        let byStack = !scene.scopeReadsConditions && !state.overrides.values.contains { $0.hidden != nil }
            && (state.editing == nil || !scene.hasKeyboard)
        if byStack, let known = knownScopes.last(where: { $0.stack == state.stack }) {
            scopeCache = known.scope
            scopePositions = known.positions
            scopeIsValid = true
            return
        }
        scopeWalks += 1
        scopeCache = scene.scope(in: state)
        if scopePositions.count == scene.elements.count, !byStack {
            for index in scopePositions.indices { scopePositions[index] = -1 }
        } else {
            scopePositions = [Int32](repeating: -1, count: scene.elements.count)
        }
        for (position, ref) in scopeCache.enumerated() where scopePositions[ref.index] < 0 {
            scopePositions[ref.index] = Int32(position)
        }
        scopeIsValid = true
        if byStack { remember((state.stack, scopeCache, scopePositions)) }
    }

    private mutating func remember(_ known: (stack: [SceneState.Shown], scope: [ElementRef], positions: [Int32])) {
        knownScopes.removeAll { $0.stack == known.stack }
        knownScopes.append(known)
        if knownScopes.count > Self.knownScopeLimit { knownScopes.removeFirst() }
    }

    /// Takes the scopes another reader of the same scene computed (the audit explorer's moves
    /// from one state come back to the same few stacks, each from its own copy of the reader).
    package mutating func learnScopes(from other: ScreenReader) {
        for known in other.knownScopes where !knownScopes.contains(where: { $0.stack == known.stack }) {
            remember(known)
        }
    }

    /// The scope, cached until the state changes.
    mutating func currentScope() -> [ElementRef] {
        refreshScope()
        return scopeCache
    }

    mutating func reachable(_ ref: ElementRef) -> Bool {
        refreshScope()
        return positionInCache(ref) != nil
    }

    private func positionInCache(_ ref: ElementRef) -> Int? {
        guard scopePositions.indices.contains(ref.index) else { return nil }
        let position = scopePositions[ref.index]
        return position < 0 ? nil : Int(position)
    }

    /// The element at a position in the (fresh) scope, if the position is in it.
    mutating func scopeElement(at position: Int) -> ElementRef? {
        refreshScope()
        return scopeCache.indices.contains(position) ? scopeCache[position] : nil
    }

    mutating func position(of ref: ElementRef) -> Int? {
        refreshScope()
        if let hint = cursorPosition, hint < scopeCache.count, scopeCache[hint] == ref { return hint }
        return positionInCache(ref)
    }

    /// Every change to `state` goes through here or ``changeValues(_:)``, so the scope cache is
    /// never stale.
    mutating func changeState(_ change: (inout SceneState) -> Void) {
        change(&state)
        scopeIsValid = false
        clipArea = nil
    }

    /// Whether the current detent clips the element (``Scene/isClipped(_:in:)``), with the
    /// presentation's area kept from the last time it was asked until the state changes.
    mutating func isClipped(_ ref: ElementRef) -> Bool {
        guard let shown = scene.clippingPresentation(of: ref, in: state) else { return false }
        if let clipArea, clipArea.shown == shown { return scene.isClipped(ref, within: clipArea.area) }
        let area = scene.frame(of: shown, in: state)
        clipArea = (shown, area)
        return scene.isClipped(ref, within: area)
    }

    /// A change to values, labels, `enabled`, the text entry in editing, scene variables or
    /// unsaved changes: the scope reads none of these but through `hidden:` conditions, so it is
    /// kept when the scene has none. (Toggling a switch walked the whole scene again, and the
    /// audit toggles every switch from every state: its cost grew with the square of the scene.)
    mutating func changeValues(_ change: (inout SceneState) -> Void) {
        let editing = state.editing
        change(&state)
        // The on-screen keyboard comes and goes with the text entry in editing.
        if scene.scopeReadsConditions || state.editing != editing && scene.hasKeyboard { scopeIsValid = false }
    }

    /// Resolves a target as steps do (docs/format.md): by id, then by exact label,
    /// in scope first; Earshot's own elements answer to their profile labels, and in every
    /// language to what they are (`system.grabber`, ``SystemTarget``), the topmost one in scope.
    public func resolve(_ target: String) -> ElementRef? {
        let scope = self.scope
        if let kind = SystemTarget(target) { return scope.last { kind.matches($0, in: scene) } }
        if let match = scope.first(where: { scene[$0].id == target }) { return match }
        let labelled = scope.filter { state.label(of: $0, in: scene) == target }
        if labelled.count == 1 { return labelled[0] }
        // A keyboard key gives way to an element of the app with its label (`Send`).
        let own = labelled.filter { !scene.isKeyboardKey($0) }
        if own.count == 1, labelled.count > 1 { return own[0] }
        if let labelledFirst = labelled.last, scene[labelledFirst].system != nil { return labelledFirst }
        // Earshot's own elements answer to the name the profile gives them too (`Back`, whatever
        // page title the Back button shows now).
        if let system = scope.last(where: { scene[$0].system != nil && scene[$0].label == target }) { return system }
        return scene.resolve(target)
    }

    /// What a step that names no element says: `no element 'maxPrise'; did you mean 'maxPrice'?`,
    /// the closest id or label of the scene (Earshot's own elements included) when one is close.
    public func noElement(_ target: String) -> String {
        var names: [String] = []
        for ref in scene.elements.indices.map(ElementRef.init) {
            if let id = scene[ref].id { names.append(id) }
            let label = state.label(of: ref, in: scene)
            if !label.isEmpty { names.append(label) }
        }
        if target.hasPrefix(SystemTarget.prefix) {
            let kinds = SystemTarget.allCases.map { SystemTarget.prefix + $0.rawValue }
            if !kinds.contains(target) {
                return "no element '\(target)'" + (TextMatching.nearest(to: target, in: kinds).map { "; did you mean '\($0)'?" } ?? "")
                    + " (the system's elements: \(kinds.joined(separator: ", ")))"
            }
            return "no element '\(target)' in scope now"
        }
        return "no element '\(target)'" + (TextMatching.nearest(to: target, in: names).map { "; did you mean '\($0)'?" } ?? "")
    }
}

/// The element under the cursor, as tests see it.
public struct FocusedElement: Hashable, Sendable {
    public let ref: ElementRef
    public let id: String?
    public let label: String
    public let value: String?

    init(ref: ElementRef, scene: Scene, state: SceneState) {
        self.ref = ref
        self.id = scene[ref].id
        self.label = state.label(of: ref, in: scene)
        self.value = state.value(of: ref, in: scene)
    }
}

/// The system's own elements named by what they are, not by their label, so that a step holds
/// in every language (`touch: system.grabber`, `expect: { focus: system.back }`).
public enum SystemTarget: String, CaseIterable, Sendable {
    /// A sheet's grabber.
    case grabber
    /// A dimmed sheet's dimming view, a popover's dismiss region, a menu's Dismiss context menu.
    case dismiss
    /// A page's Back button.
    case back
    /// An alert's or action sheet's cancel-role action, or the system's Cancel button (watchOS).
    case cancel
    /// The title of an alert, action sheet, sheet or page.
    case title

    /// The prefix a step writes before the name.
    public static let prefix = "system."

    /// The target a step names, if it names one this way (`system.grabber`).
    public init?(_ target: String) {
        guard target.hasPrefix(Self.prefix) else { return nil }
        self.init(rawValue: String(target.dropFirst(Self.prefix.count)))
    }

    func matches(_ ref: ElementRef, in scene: Scene) -> Bool {
        let element = scene[ref]
        switch self {
        case .grabber: return element.system == .grabber
        case .dismiss: return element.system == .dismiss
        case .back: return element.system == .back
        case .title: return element.system == .title
        case .cancel:
            if element.system == .cancel { return true }
            guard element.buttonRole == .cancel, let style = scene.presentation(of: ref)?.style else { return false }
            return style == .alert || style == .actionSheet
        }
    }
}

/// Where a gesture was called from: a test's file (as `#fileID` and `#filePath` name it), line
/// and column. EarshotTesting reports a step that could not act there
/// (``ScreenReader/failureLocations``).
public struct StepLocation: Sendable {
    /// `#fileID`: `MailTests/ComposeTests.swift`.
    public var fileID: StaticString
    /// `#filePath`: the file's full path.
    public var filePath: StaticString
    public var line: UInt
    public var column: UInt
}

/// A count shared by a reader and its copies (``ScreenReader/reportedFailures``).
package final class FailureCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    package init() {}

    /// The count, raised to `total`; what it was before.
    package func raise(to total: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        let before = count
        count = max(count, total)
        return before
    }
}
