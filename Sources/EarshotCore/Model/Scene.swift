/// One app screen: a parent view (`root`) and the presentations it can show (docs/format.md).
///
/// A scene is built by the YAML loader (`EarshotScenario`) or the Swift DSL
/// and is immutable afterwards; what changes while a screen reader walks it
/// lives in ``SceneState``. Elements live in one array and refer to each
/// other by ``ElementRef``; Earshot's own elements (grabbers, Back buttons,
/// titles) are added when the scene is made, so every element the cursor
/// can reach has a reference.
///
/// ```swift
/// var elements = [Element(role: .button, label: "Compose", location: .code())]
/// let scene = Scene(name: "Mail", profile: try Profile.bundled(.ios),
///                   elements: elements, root: [ElementRef(0)])
/// scene.scope(in: SceneState()).map { scene[$0].label } // ["Compose"]
/// ```
public struct Scene: Sendable {
    /// Everything a scene holds, shared by its copies and never changed in place: a scene is
    /// one reference wide, so passing one to every step's many helpers copies nothing. (A
    /// setter makes a new storage, copy on write.)
    @usableFromInline
    final class Storage: Sendable {
        @usableFromInline let name: String
        @usableFromInline let direction: LayoutDirection
        @usableFromInline let screen: (width: Double, height: Double)
        @usableFromInline let restoreFocus: Bool
        @usableFromInline let magicTap: Effect?
        @usableFromInline let elements: [Element]
        @usableFromInline let root: [ElementRef]
        @usableFromInline let presentations: [String: Presentation]
        @usableFromInline let presentationOrder: [String]
        @usableFromInline let profile: Profile
        @usableFromInline let location: SourceLocation
        @usableFromInline let layout: Layout
        @usableFromInline let idIndex: [String: ElementRef]
        @usableFromInline let labelIndex: [String: [ElementRef]]
        /// Per element, what scope computation asks of it on every state change (``ScopeFlags``).
        let scopeFlags: [UInt8]
        /// Whether any group is `modal: true` (else no sibling list needs filtering).
        let hasModalGroups: Bool
        /// Whether any element's `hidden:` is a condition (else values, labels, variables and
        /// unsaved changes cannot change the scope).
        let hasConditionalHidden: Bool
        /// `presented:`: presentations showing when the scene opens, bottom first.
        @usableFromInline let opening: [String]
        /// `audit:`: rules whose findings anywhere in the scene are suppressed, and why.
        let auditSkip: AuditSkip?
        /// The on-screen keyboard's keys, in reading order (every Return key variant included).
        let keyboardKeys: [ElementRef]
        /// The scene as written, before Earshot adapted it to the profile and added its own
        /// elements (which come after the written ones): what ``Scene/applying(os:)`` starts from,
        /// with the written elements the profile changed (a cancel action hidden, a stepper made
        /// of buttons) as they were written.
        let written: (elementCount: Int, presentations: [Presentation], originals: [Int: Element])

        init(name: String, direction: LayoutDirection, screen: (width: Double, height: Double), restoreFocus: Bool,
             magicTap: Effect?, elements: [Element], root: [ElementRef], presentations: [String: Presentation],
             presentationOrder: [String], profile: Profile, location: SourceLocation, layout: Layout,
             idIndex: [String: ElementRef], labelIndex: [String: [ElementRef]], opening: [String],
             auditSkip: AuditSkip?, written: (elementCount: Int, presentations: [Presentation], originals: [Int: Element])) {
            self.name = name
            self.direction = direction
            self.screen = screen
            self.restoreFocus = restoreFocus
            self.magicTap = magicTap
            self.elements = elements
            self.root = root
            self.presentations = presentations
            self.presentationOrder = presentationOrder
            self.profile = profile
            self.location = location
            self.layout = layout
            self.idIndex = idIndex
            self.labelIndex = labelIndex
            self.scopeFlags = elements.map(ScopeFlags.of)
            self.hasModalGroups = elements.contains { $0.modal }
            self.keyboardKeys = elements.indices.filter {
                if case .key = elements[$0].system { return true }
                return false
            }.map(ElementRef.init)
            self.hasConditionalHidden = scopeFlags.contains { $0 & ScopeFlags.hiddenDepends != 0 }
            self.opening = opening
            self.auditSkip = auditSkip
            self.written = written
        }

        /// A copy with some fields changed.
        func with(name: String? = nil, direction: LayoutDirection? = nil, screen: (width: Double, height: Double)? = nil,
                  restoreFocus: Bool? = nil, magicTap: Effect?? = nil, profile: Profile? = nil,
                  location: SourceLocation? = nil, layout: Layout? = nil) -> Storage {
            Storage(name: name ?? self.name, direction: direction ?? self.direction, screen: screen ?? self.screen,
                    restoreFocus: restoreFocus ?? self.restoreFocus, magicTap: magicTap ?? self.magicTap,
                    elements: elements, root: root, presentations: presentations, presentationOrder: presentationOrder,
                    profile: profile ?? self.profile, location: location ?? self.location, layout: layout ?? self.layout,
                    idIndex: idIndex, labelIndex: labelIndex, opening: opening, auditSkip: auditSkip, written: written)
        }
    }

    @usableFromInline var storage: Storage

    /// The same for copies of one scene and different for any other living scene: what the suite
    /// keys a scene's configured copies by (kept alive with them, so that it is not reused).
    package var identity: ObjectIdentifier { ObjectIdentifier(storage) }

    public var name: String {
        @inlinable get { storage.name }
        set { storage = storage.with(name: newValue) }
    }
    public var platform: Platform { profile.platform }
    public var language: String { profile.language }
    public var direction: LayoutDirection {
        @inlinable get { storage.direction }
        set { storage = storage.with(direction: newValue) }
    }
    /// Width and height in points.
    public var screen: (width: Double, height: Double) {
        @inlinable get { storage.screen }
        set { storage = storage.with(screen: newValue) }
    }
    public var restoreFocus: Bool {
        @inlinable get { storage.restoreFocus }
        set { storage = storage.with(restoreFocus: newValue) }
    }
    /// The scene's own magic-tap behaviour.
    public var magicTap: Effect? {
        @inlinable get { storage.magicTap }
        set { storage = storage.with(magicTap: .some(newValue)) }
    }
    @inlinable public var elements: [Element] { storage.elements }
    @inlinable public var root: [ElementRef] { storage.root }
    @inlinable public var presentations: [String: Presentation] { storage.presentations }
    /// Presentation ids in the order the file lists them.
    @inlinable public var presentationOrder: [String] { storage.presentationOrder }
    public var profile: Profile {
        @inlinable get { storage.profile }
        set { storage = storage.with(profile: newValue) }
    }
    public var location: SourceLocation {
        @inlinable get { storage.location }
        set { storage = storage.with(location: newValue) }
    }
    /// Frames and reading order, worked out once when the scene is made.
    @inlinable public var layout: Layout { storage.layout }
    /// `presented:`: the presentations showing when the scene opens, bottom first.
    @inlinable public var opening: [String] { storage.opening }
    /// The OS version whose profile facts apply (`os:`).
    public var os: String { profile.version }
    /// `audit: { skip: [RULE, …], reason: … }`: audit rules whose findings anywhere in the
    /// scene are suppressed (reported as such, with the reason).
    public var auditSkip: AuditSkip? { storage.auditSkip }
    /// Whether the scope can depend on more than the presentations shown and the `hidden` set by
    /// effects: true when some element's `hidden:` is a condition, which may read values
    /// (`filled:`), variables (`state:`) and unsaved changes. When false, a change to any of
    /// those leaves the scope as it was (the reader keeps its scope through a switch's toggle).
    public var scopeReadsConditions: Bool { storage.hasConditionalHidden }

    /// Makes a scene and adds Earshot's own elements. Elements' `parent` and
    /// `surface` are set here from the tree; `presentations` list each
    /// presentation's pages with their top-level elements.
    public init(
        name: String,
        profile: Profile,
        direction: LayoutDirection = .ltr,
        screen: (width: Double, height: Double)? = nil,
        restoreFocus: Bool = true,
        magicTap: Effect? = nil,
        elements: [Element],
        root: [ElementRef],
        presentations: [Presentation] = [],
        presented opening: [String] = [],
        auditSkip: AuditSkip? = nil,
        location: SourceLocation = .code()
    ) {
        var parts = Parts(elements: elements, root: root,
                          presentations: Dictionary(presentations.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }),
                          presentationOrder: presentations.map(\.id), profile: profile)
        parts.adaptToWidth()
        parts.addSystemElements()
        parts.composeSteppers()
        parts.foldAccessories()
        parts.addKeyboard()
        parts.assignParents()
        storage = Storage(name: name, direction: direction, screen: screen ?? (profile.screenWidth, profile.screenHeight),
                          restoreFocus: restoreFocus, magicTap: magicTap, elements: parts.elements, root: parts.root,
                          presentations: parts.presentations, presentationOrder: parts.presentationOrder,
                          profile: profile, location: location, layout: Layout(), idIndex: parts.idIndex,
                          labelIndex: parts.labelIndex, opening: opening.filter { parts.presentations[$0] != nil },
                          auditSkip: auditSkip, written: (elements.count, presentations, parts.originals))
        storage = storage.with(layout: Layout(scene: self))
    }

    /// The same scene with another OS version's or language's profile facts (`--os`,
    /// `--language`), or on the other device of its size class (a configuration's `platform`:
    /// an iPhone scene on iPad): Earshot's own elements and the size-class adaptation are made
    /// anew from the written scene. Nil keeps the scene's own.
    ///
    /// ```swift
    /// let later = try scene.applying(os: "26")
    /// later.os   // "26"
    /// let german = try scene.applying(language: "de")
    /// let iPad = try scene.applying(platform: .ipados)   // an action sheet becomes a popover
    /// ```
    ///
    /// - Throws: ``ProfileError`` for a version or language the platform has no profile of, and
    ///   for a platform that is not the scene's own or its ``Platform/sizeClassSibling``.
    public func applying(platform: Platform? = nil, os version: String? = nil, language: String? = nil) throws -> Scene {
        let platform = platform ?? self.platform, version = version ?? os, language = language ?? self.language
        guard platform != self.platform || version != os || language != self.language else { return self }
        guard platform == self.platform || platform == self.platform.sizeClassSibling else {
            throw ProfileError.otherDevice(platform, of: self.platform)
        }
        return rebuilt(with: try Profile.bundled(platform, language: language, os: version))
    }

    /// The scene as it was written, made again with another profile. On another platform, a
    /// screen the scene did not give (its platform's) becomes the new platform's.
    func rebuilt(with profile: Profile) -> Scene {
        var written = Array(elements.prefix(storage.written.elementCount))
        for (index, element) in storage.written.originals { written[index] = element }
        let ownScreen = screen == (self.profile.screenWidth, self.profile.screenHeight)
        let screen = profile.platform != platform && ownScreen ? nil : self.screen
        return Scene(name: name, profile: profile, direction: direction, screen: screen, restoreFocus: restoreFocus,
              magicTap: magicTap, elements: written, root: root,
              presentations: storage.written.presentations, presented: opening, auditSkip: auditSkip,
              location: location)
    }

    /// The state the scene opens in: its `presented:` presentations showing, each at its
    /// `selected` detent, with no presenter.
    public func openingState() -> SceneState {
        var state = SceneState()
        state.editing = firstResponder(of: nil)
        for id in opening { state.present(id, in: self, presenter: nil) }
        return state
    }

    /// The text entry that is first responder when a presentation (nil: the parent view)
    /// appears: the one written `editing: true`; else, in an alert, its first text entry where
    /// the profile says UIKit makes it so (`firstResponder.alertTextField`).
    public func firstResponder(of id: String?) -> ElementRef? {
        let top: [ElementRef]
        if let id {
            guard let presentation = presentations[id] else { return nil }
            top = presentation.pages.first?.content ?? []
        } else {
            top = root
        }
        var stack = Array(top.reversed())
        var firstEntry: ElementRef?
        while let ref = stack.popLast() {
            let element = self[ref]
            if element.editing { return ref }
            if firstEntry == nil, element.role.isTextEntry { firstEntry = ref }
            stack.append(contentsOf: element.children.reversed())
        }
        guard let id, presentations[id]?.style == .alert, profile.firstResponder.alertTextField else { return nil }
        return firstEntry
    }

    /// The element a reference names. Borrowed, not copied: `scene[ref].traits`
    /// reads one field of a large value, which a screen reader does on every step.
    @inlinable
    public subscript(ref: ElementRef) -> Element {
        _read { yield storage.elements[ref.index] }
    }

    /// The top-level elements of a surface.
    public func topLevel(of surface: Surface) -> [ElementRef] {
        switch surface {
        case .root: root
        case .keyboard: storage.keyboardKeys
        case .presentation(let id, let page):
            presentations[id].map { $0.pages.indices.contains(page) ? $0.pages[page].content : [] } ?? []
        }
    }

    /// The element with this explicit id, else the only element with this exact label.
    ///
    /// Earshot's own elements answer to their labels (`Sheet Grabber`, `Back`).
    public func resolve(_ idOrLabel: String) -> ElementRef? {
        if let ref = storage.idIndex[idOrLabel] { return ref }
        let matches = storage.labelIndex[idOrLabel] ?? []
        if matches.count == 1 { return matches[0] }
        // A keyboard key whose label an element of the app shares (a `Send` Return key beside a
        // Send button) gives way to it; the key still answers to `keyboard.return.send`.
        let own = matches.filter { !isKeyboardKey($0) }
        return own.count == 1 ? own[0] : nil
    }

    /// Whether an element is a key of the on-screen keyboard.
    public func isKeyboardKey(_ ref: ElementRef) -> Bool {
        if case .key = self[ref].system { return true }
        return false
    }

    /// Every element with this exact label.
    public func elements(labelled label: String) -> [ElementRef] { storage.labelIndex[label] ?? [] }

    /// The presentation an element belongs to, if any.
    public func presentation(of ref: ElementRef) -> Presentation? {
        self[ref].surface.presentationID.flatMap { presentations[$0] }
    }
}

/// A scene's elements and presentations while Earshot adds its own elements and links the tree.
private struct Parts {
    var elements: [Element]
    var root: [ElementRef]
    var presentations: [String: Presentation]
    var presentationOrder: [String]
    let profile: Profile
    var idIndex: [String: ElementRef] = [:]
    var labelIndex: [String: [ElementRef]] = [:]
    /// Written elements as they were before the profile changed them (``Scene/rebuilt(with:)``).
    var originals: [Int: Element] = [:]

    /// Changes a written element, keeping it as written first.
    mutating func change(_ index: Int, _ change: (inout Element) -> Void) {
        if originals[index] == nil { originals[index] = elements[index] }
        change(&elements[index])
    }

    mutating func append(_ element: Element) -> ElementRef {
        elements.append(element)
        return ElementRef(elements.count - 1)
    }

    /// Size classes, as UIKit adapts presentations (docs/format.md): in compact width a popover is
    /// shown as a sheet unless it says `adaptation: none`; in regular width an action sheet is
    /// shown as a popover, and its cancel-role action is not displayed.
    mutating func adaptToWidth() {
        for id in presentationOrder {
            guard var presentation = presentations[id] else { continue }
            switch presentation.style {
            case .popover where profile.adaptations.popoverAsSheet && presentation.adaptation == .automatic:
                presentation.style = .sheet
                presentation.appearance = .sheet
                presentation.detents = [.large]
                presentation.selected = "large"
            case .actionSheet where profile.adaptations.actionSheetAsPopover:
                presentation.appearance = .popover
                for ref in presentation.pages.flatMap(\.content) where elements[ref.index].buttonRole == .cancel {
                    change(ref.index) { $0.hidden = .constant(true) }
                }
            default:
                break
            }
            presentations[id] = presentation
        }
    }

    /// A stepper as UIKit shows it to VoiceOver where the profile says so (`stepper`): its
    /// Decrement and Increment buttons, each stepping its value, in place of one adjustable
    /// element; each takes half of the stepper's frame, where it has one.
    mutating func composeSteppers() {
        guard let words = profile.stepper else { return }
        for index in elements.indices where elements[index].role == .stepper && elements[index].children.isEmpty {
            let stepper = elements[index]
            let halves = stepper.frame.map { frame in
                [Frame(x: frame.x, y: frame.y, width: frame.width / 2, height: frame.height),
                 Frame(x: frame.x + frame.width / 2, y: frame.y, width: frame.width / 2, height: frame.height)]
            }
            var buttons: [ElementRef] = []
            for (position, increment) in [false, true].enumerated() {
                var button = Element(role: .button, label: increment ? words.increment : words.decrement, location: stepper.location)
                button.system = .stepper(increment: increment)
                button.frame = halves?[position]
                buttons.append(append(button))
            }
            change(index) { $0.children = buttons }
        }
    }

    /// Where the profile says VoiceOver reaches a row's accessory button as a custom action of the
    /// row (`cellAccessory.action`), each `accessory: true` button leaves its group and
    /// becomes an action of the element written before it, named by its label, running its
    /// `activate` (docs/decisions.md, "Importing captures").
    mutating func foldAccessories() {
        guard profile.cellAccessory?.action == true else { return }
        for index in elements.indices where elements[index].children.contains(where: { elements[$0.index].accessory }) {
            var kept: [ElementRef] = []
            for child in elements[index].children {
                let accessory = elements[child.index]
                guard accessory.accessory, accessory.role == .button, let row = kept.last else {
                    kept.append(child)
                    continue
                }
                let effect = accessory.behaviours[.activate] ?? Effect([])
                change(row.index) { $0.actions.append(CustomAction(name: accessory.label, effect: effect, location: accessory.location)) }
            }
            change(index) { $0.children = kept }
        }
    }

    /// Grabbers, dismiss elements, Back buttons and titles (docs/format.md).
    mutating func addSystemElements() {
        for id in presentationOrder {
            guard var presentation = presentations[id] else { continue }
            if presentation.grabber, presentation.style.isResizable, let grabber = profile.grabber(for: presentation) {
                var element = Element(role: grabber.role ?? .button, label: grabber.label, location: presentation.location)
                element.system = .grabber
                presentation.grabberElement = append(element)
            }
            if let dismiss = profile.dismissWords(for: presentation) {
                var element = Element(role: dismiss.role ?? .button, label: dismiss.label, location: presentation.location)
                element.system = .dismiss
                presentation.dismissElement = append(element)
                presentation.dismissElementAfterContent = dismiss.last
            }
            let systemCancel = systemCancel(for: presentation)
            for index in presentation.pages.indices {
                var prefix: [ElementRef] = []
                let page = presentation.pages[index]
                if index == 0, let systemCancel { prefix.append(systemCancel) }
                let title = page.title ?? (index == 0 ? presentation.title : nil)
                let isDialog = presentation.style == .alert || presentation.style == .actionSheet
                // A pane title is spoken as the pane appears, not read as an element of it.
                if let title, isDialog || profile.presentFocus.paneTitle != true {
                    var element = Element(role: isDialog ? .text : .heading, label: title,
                                          location: index == 0 && page.title == nil ? presentation.location : page.location)
                    element.system = .title
                    prefix.append(append(element))
                }
                if index > 0 {
                    var back = Element(role: .button, label: profile.backLabel, location: page.location)
                    back.system = .back
                    back.extraTraits = .backButton
                    back.placement = .topLeading
                    back.behaviours[.activate] = Effect([EffectAction(.navigateBack, at: page.location)])
                    prefix.append(append(back))
                }
                presentation.pages[index].content = prefix + page.content
            }
            presentations[id] = presentation
        }
    }

    /// The system's Cancel button for a presentation, where the profile has one for its style
    /// (watchOS: "By default, the sheet displays a round Cancel button in the upper left
    /// corner"), unless the presentation has its own bar button there or a `cancel`-role action,
    /// which is moved there instead.
    private mutating func systemCancel(for presentation: Presentation) -> ElementRef? {
        guard let cancel = profile.systemCancel, cancel.styles.contains(presentation.style.rawValue) else { return nil }
        let own = presentation.pages.flatMap(\.content)
        if let role = own.first(where: { elements[$0.index].buttonRole == .cancel }) {
            if elements[role.index].placement == nil { elements[role.index].placement = cancel.placement }
            return nil
        }
        if own.contains(where: { elements[$0.index].placement == cancel.placement }) { return nil }
        var element = Element(role: .button, label: cancel.label, location: presentation.location)
        element.system = .cancel
        element.placement = cancel.placement
        element.behaviours[.activate] = Effect([EffectAction(.cancel, at: presentation.location)])
        return append(element)
    }

    /// The on-screen keyboard's keys, where the profile has one and the scene a text entry: one
    /// element a key, in reading order, with one Return key for each `returnKey:` type the
    /// scene's text entries use. Each answers to its label and to `keyboard.NAME`.
    mutating func addKeyboard() {
        guard let keyboard = profile.onScreenKeyboard else { return }
        let entries = elements.filter { $0.role.isTextEntry || $0.traits.contains(.textEntry) || $0.traits.contains(.searchField) }
        guard let first = entries.first else { return }
        let returnTypes = ["default"] + Set(entries.compactMap(\.returnKey)).subtracting(["default"]).sorted()
        for name in keyboard.rows.joined() {
            let keys: [(KeyboardKey, String, String)]
            switch name {
            case "shift": keys = [(.shift, keyboard.labels[name] ?? name, name)]
            case "delete": keys = [(.delete, keyboard.labels[name] ?? name, name)]
            case "space": keys = [(.space, keyboard.labels[name] ?? name, name)]
            case "return":
                keys = returnTypes.compactMap { type in
                    keyboard.returnKeys[type].map { (.returnKey(type), $0, type == "default" ? "return" : "return.\(type)") }
                }
            default:
                keys = [keyboard.labels[name].map { (.other(name), $0, name) } ?? (.character(name), name, name)]
            }
            for (key, label, id) in keys {
                var element = Element(role: .button, label: label, location: first.location)
                element.extraTraits = .keyboardKey
                element.system = .key(key)
                element.surface = .keyboard
                element.id = "keyboard." + id
                _ = append(element)
            }
        }
    }

    mutating func assignParents() {
        var stack: [(ElementRef, ElementRef?, Surface)] = root.reversed().map { ($0, nil, .root) }
        for id in presentationOrder {
            guard let presentation = presentations[id] else { continue }
            for system in [presentation.grabberElement, presentation.dismissElement].compactMap({ $0 }) {
                stack.append((system, nil, .presentation(id, page: 0)))
            }
            for (index, page) in presentation.pages.enumerated() {
                stack.append(contentsOf: page.content.reversed().map { ($0, nil, .presentation(id, page: index)) })
            }
        }
        while let (ref, parent, surface) = stack.popLast() {
            elements[ref.index].parent = parent
            elements[ref.index].surface = surface
            stack.append(contentsOf: elements[ref.index].children.reversed().map { ($0, ref, surface) })
        }
        idIndex = [:]
        labelIndex = [:]
        for (index, element) in elements.enumerated() {
            if let id = element.id, idIndex[id] == nil { idIndex[id] = ElementRef(index) }
            labelIndex[element.label, default: []].append(ElementRef(index))
        }
    }
}

/// What the scope walk needs of an element, packed in a byte per element, so that
/// recomputing the scope of a large scene reads a small array rather than every element.
enum ScopeFlags {
    static let focusable: UInt8 = 1
    static let modal: UInt8 = 2
    /// `hidden:` depends on state (a condition).
    static let hiddenDepends: UInt8 = 4
    /// `hidden: true`.
    static let hidden: UInt8 = 8

    static func of(_ element: Element) -> UInt8 {
        var flags: UInt8 = 0
        if element.isFocusable { flags |= focusable }
        if element.modal { flags |= modal }
        switch element.hidden {
        case .constant(let value): if value { flags |= hidden }
        case .when: flags |= hiddenDepends
        }
        return flags
    }
}
