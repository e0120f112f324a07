import EarshotCore

// The element types of the scene DSL, one per role key of docs/format.md. Their
// names follow SwiftUI's where there is one; in a file that also imports
// SwiftUI, qualify them: `EarshotTesting.Button("Send")`.

/// `button: LABEL`: spoken `LABEL. Button.`
///
/// ```swift
/// Button("Compose").id("compose").onActivate(.present("compose"))
/// ```
public struct Button: SceneElement {
    /// The element as the scene format writes it.
    public var definition: ElementDefinition

    /// A button with this label, created here (its source location).
    public init(_ label: String, file: String = #filePath, line: Int = #line, column: Int = #column) {
        definition = ElementDefinition(.button, label, file: file, line: line, column: column)
    }
}

/// `text: LABEL`: static text, spoken as it is.
///
/// ```swift
/// Text("Anna, Lunch tomorrow?, 9:41 AM")
/// ```
public struct Text: SceneElement {
    /// The element as the scene format writes it.
    public var definition: ElementDefinition

    /// Static text, created here.
    public init(_ label: String, file: String = #filePath, line: Int = #line, column: Int = #column) {
        definition = ElementDefinition(.text, label, file: file, line: line, column: column)
    }
}

/// `heading: LABEL`: spoken `LABEL. Heading.`; reached by the Headings rotor.
///
/// ```swift
/// Heading("Inbox")
/// Heading("Attachments", level: 2)
/// ```
public struct Heading: SceneElement {
    /// The element as the scene format writes it.
    public var definition: ElementDefinition

    /// A heading, optionally with its level (1…6), created here.
    public init(_ label: String, level: Int? = nil, file: String = #filePath, line: Int = #line, column: Int = #column) {
        definition = ElementDefinition(.heading, label, file: file, line: line, column: column)
        if let level { definition.set(.level, .number(Double(level))) }
    }

    /// `level:`: the heading level, 1…6.
    public func level(_ level: Int) -> Heading { with { $0.set(.level, .number(Double(level))) } }
}

/// `link: LABEL`: spoken `LABEL. Link.`; reached by the Links rotor.
public struct Link: SceneElement {
    /// The element as the scene format writes it.
    public var definition: ElementDefinition

    /// A link, created here.
    public init(_ label: String, file: String = #filePath, line: Int = #line, column: Int = #column) {
        definition = ElementDefinition(.link, label, file: file, line: line, column: column)
    }
}

/// `image: LABEL`: spoken `LABEL. Image.`
public struct Image: SceneElement {
    /// The element as the scene format writes it.
    public var definition: ElementDefinition

    /// An image with this accessibility label, created here.
    public init(_ label: String, file: String = #filePath, line: Int = #line, column: Int = #column) {
        definition = ElementDefinition(.image, label, file: file, line: line, column: column)
    }
}

/// A text entry (``TextField``, ``SecureField``, ``TextArea``, ``SearchField``).
public protocol TextEntryElement: SceneElement {}

extension TextEntryElement {
    /// `editing: true`: the first responder, keyboard up, when its presentation appears (or the
    /// scene opens); VoiceOver's cursor does not follow it.
    public func editing(_ editing: Bool = true) -> Self { with { $0.set(.editing, .bool(editing)) } }

    /// `returnKey:`: the on-screen keyboard's Return key while it is editing (`"send"` is titled
    /// `Send`); not on a text area.
    public func returnKey(_ type: String) -> Self { with { $0.set(.returnKey, .plain(type)) } }

    /// `submit:`: what the keyboard's Return key does while it is editing.
    public func onSubmit(_ effects: SceneEffect...) -> Self {
        with { $0.set(.submit, SceneEffect.sequence(effects).node) }
    }
}

/// `textField: LABEL`: spoken `LABEL. Text Field.`; a double tap starts editing.
///
/// ```swift
/// TextField("To").id("to").required()
/// TextField("Subject", text: "Lunch")
/// ```
public struct TextField: TextEntryElement {
    /// The element as the scene format writes it.
    public var definition: ElementDefinition

    /// A text field, with its text if it has some, created here.
    public init(_ label: String, text: String? = nil, file: String = #filePath, line: Int = #line, column: Int = #column) {
        definition = ElementDefinition(.textField, label, file: file, line: line, column: column)
        if let text { definition.set(.value, .quoted(text)) }
    }
}

/// `secureField: LABEL`: spoken `LABEL. Secure Text Field.`; never speaks its text.
public struct SecureField: TextEntryElement {
    /// The element as the scene format writes it.
    public var definition: ElementDefinition

    /// A secure text field, created here.
    public init(_ label: String, text: String? = nil, file: String = #filePath, line: Int = #line, column: Int = #column) {
        definition = ElementDefinition(.secureField, label, file: file, line: line, column: column)
        if let text { definition.set(.value, .quoted(text)) }
    }
}

/// `textArea: LABEL`: a multi-line text entry.
public struct TextArea: TextEntryElement {
    /// The element as the scene format writes it.
    public var definition: ElementDefinition

    /// A text area, with its text if it has some, created here.
    public init(_ label: String, text: String? = nil, file: String = #filePath, line: Int = #line, column: Int = #column) {
        definition = ElementDefinition(.textArea, label, file: file, line: line, column: column)
        if let text { definition.set(.value, .quoted(text)) }
    }
}

/// `searchField: LABEL`: spoken `LABEL. Search Field.`
public struct SearchField: TextEntryElement {
    /// The element as the scene format writes it.
    public var definition: ElementDefinition

    /// A search field, with its text if it has some, created here.
    public init(_ label: String, text: String? = nil, file: String = #filePath, line: Int = #line, column: Int = #column) {
        definition = ElementDefinition(.searchField, label, file: file, line: line, column: column)
        if let text { definition.set(.value, .quoted(text)) }
    }
}

/// `switch: LABEL`: spoken `LABEL. Switch Button. On.`; a double tap toggles it.
///
/// ```swift
/// Switch("Checklist")
/// Switch("Wi-Fi", isOn: true)
/// ```
public struct Switch: SceneElement {
    /// The element as the scene format writes it.
    public var definition: ElementDefinition

    /// A switch, off unless told otherwise, created here.
    public init(_ label: String, isOn: Bool = false, file: String = #filePath, line: Int = #line, column: Int = #column) {
        definition = ElementDefinition(.switch, label, file: file, line: line, column: column)
        if isOn { definition.set(.value, .quoted("on")) }
    }
}

/// `tab: LABEL`: one tab of a tab bar (a ``Group`` with ``Group/tabBar(_:)``),
/// spoken with `N of M`.
///
/// ```swift
/// Group { Tab("Home").selected(); Tab("Search") }.tabBar()
/// ```
public struct Tab: SceneElement {
    /// The element as the scene format writes it.
    public var definition: ElementDefinition

    /// A tab, created here.
    public init(_ label: String, file: String = #filePath, line: Int = #line, column: Int = #column) {
        definition = ElementDefinition(.tab, label, file: file, line: line, column: column)
    }
}

/// An adjustable element: ``Slider`` and ``Stepper`` share their keys.
public protocol AdjustableElement: SceneElement {}

extension AdjustableElement {
    /// `value:` as a number.
    public func value(_ value: Double) -> Self { with { $0.set(.value, .number(value)) } }

    /// `min:` and `max:`.
    public func range(_ range: ClosedRange<Double>) -> Self {
        with {
            $0.set(.min, .number(range.lowerBound))
            $0.set(.max, .number(range.upperBound))
        }
    }

    /// `step:`: how far one swipe moves the value (default a tenth of the range).
    public func step(_ step: Double) -> Self { with { $0.set(.step, .number(step)) } }

    /// `unit:`: how the value is spoken (`.percent`: `50%`).
    public func unit(_ unit: ValueUnit) -> Self { with { $0.set(.unit, .plain(unit.rawValue)) } }

    fileprivate mutating func configure(value: Double?, range: ClosedRange<Double>?, step: Double?) {
        if let range {
            definition.set(.min, .number(range.lowerBound))
            definition.set(.max, .number(range.upperBound))
        }
        if let step { definition.set(.step, .number(step)) }
        if let value { definition.set(.value, .number(value)) }
    }
}

/// `slider: LABEL`: spoken `LABEL: VALUE. Adjustable.`; swipe up or down to adjust.
///
/// ```swift
/// Slider("Volume", value: 50, in: 0...100, step: 10).unit(.percent)
/// ```
public struct Slider: AdjustableElement {
    /// The element as the scene format writes it.
    public var definition: ElementDefinition

    /// A slider (default range 0…100, step a tenth of the range, value the minimum), created here.
    public init(_ label: String, value: Double? = nil, in range: ClosedRange<Double>? = nil, step: Double? = nil,
                file: String = #filePath, line: Int = #line, column: Int = #column) {
        definition = ElementDefinition(.slider, label, file: file, line: line, column: column)
        configure(value: value, range: range, step: step)
    }
}

/// `stepper: LABEL`: adjustable like a ``Slider``.
public struct Stepper: AdjustableElement {
    /// The element as the scene format writes it.
    public var definition: ElementDefinition

    /// A stepper (default range 0…100, step a tenth of the range, value the minimum), created here.
    public init(_ label: String, value: Double? = nil, in range: ClosedRange<Double>? = nil, step: Double? = nil,
                file: String = #filePath, line: Int = #line, column: Int = #column) {
        definition = ElementDefinition(.stepper, label, file: file, line: line, column: column)
        configure(value: value, range: range, step: step)
    }
}

/// `group: LABEL` with `children:`: a container. Not focusable itself
/// unless it has a label and ``focusable(_:)``; it takes no row of its own.
///
/// ```swift
/// Group("Messages") {
///     Text("Anna, Lunch tomorrow?, 9:41 AM")
/// }
/// Group { Button("Allow"); Button("Deny") }.modal()
/// ```
public struct Group: SceneElement {
    /// The element as the scene format writes it.
    public var definition: ElementDefinition

    /// A group (labelled or not) of the elements the closure builds, created here.
    public init(_ label: String = "", file: String = #filePath, line: Int = #line, column: Int = #column,
                @ElementBuilder children: () -> [ElementDefinition]) {
        definition = ElementDefinition(.group, label, file: file, line: line, column: column)
        definition.children = children()
    }

    /// `modal: true`: accessibilityViewIsModal; scope shrinks to this group.
    public func modal(_ modal: Bool = true) -> Group { with { $0.set(.modal, .bool(modal)) } }

    /// `tabBar: true`: its tabs are spoken with `N of M`.
    public func tabBar(_ tabBar: Bool = true) -> Group { with { $0.set(.tabBar, .bool(tabBar)) } }
    /// `ordered: true`: its children read in the order written, not by their frames.
    public func ordered(_ ordered: Bool = true) -> Group { with { $0.set(.ordered, .bool(ordered)) } }
    /// `series: true`: its children say `N of M` (a segmented control's segments).
    public func series(_ series: Bool = true) -> Group { with { $0.set(.series, .bool(series)) } }
    /// `container:`: its container type (`.list`, `.landmark`, `.table`), whose words its elements say.
    public func container(_ type: ContainerType) -> Group { with { $0.set(.container, .plain(type.rawValue)) } }

    /// `focusable: true`: the cursor can land on the (labelled) group itself.
    public func focusable(_ focusable: Bool = true) -> Group { with { $0.set(.focusable, .bool(focusable)) } }
}
