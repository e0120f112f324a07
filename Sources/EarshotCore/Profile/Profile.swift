import Foundation

/// A platform's words and rules, kept as data (`Resources/Profiles/PLATFORM.LANGUAGE.json`).
///
/// ```swift
/// let profile = try Profile.bundled(.ios)
/// profile.words.button          // "Button"
/// profile.grabber?.label        // "Sheet Grabber"
/// ```
///
/// Every string Earshot speaks on its own comes from here, so adding a
/// language adds a file, and a string seen differently on a device is
/// corrected without touching code.
public struct Profile: Hashable, Sendable, Codable {
    public var platform: Platform
    public var language: String
    /// The espeak-ng voice that speaks the language, where its name is not the language's
    /// (Simplified Chinese: `cmn-latn-pinyin`), with why.
    public var speechVoice: SpeechVoice?

    public struct SpeechVoice: Hashable, Sendable, Codable {
        public var name: String
        public var source: String
    }
    /// Where the profile's facts come from.
    public var source: String
    public var words: Words
    /// What VoiceOver does with `screenChanged` and `layoutChanged`, and which of them UIKit posts
    /// on its own changes (docs/decisions.md, "Notifications").
    public var notifications: Notifications
    /// Which bar-button labels cancel, confirm and dismiss a sheet, and which one saves: the
    /// words the placement audit, the primary action and the keyboard's default button go by.
    public struct BarWords: Hashable, Sendable, Codable {
        /// The label that cancels (top leading on iOS; never the primary action).
        public var cancel: String
        /// Labels that confirm and close a sheet (Done; top trailing on iOS).
        public var done: [String]
        /// Labels that dismiss a sheet, where the platform places them all together (macOS:
        /// bottom trailing); nil elsewhere.
        public var dismissing: [String]?
        /// The label that saves, which never stands beside Done.
        public var save: String
        public var source: String
    }

    public var hints: Hints
    public var rotors: Rotors
    /// Nil where the platform shows no grabber (macOS, watchOS, visionOS).
    public var grabber: Grabber?
    /// The toolkits a presentation may name (`toolkit:`), by name, each with the facts its own
    /// components change; nil where the platform's are not told apart.
    public var toolkits: [String: Toolkit]?
    /// The label of the system Back button of multi-page sheets.
    public var backLabel: String
    /// Whether the Back button is titled with the page it goes back to, where that page has a
    /// title (UIKit's navigation bar); nil: always ``backLabel``.
    public var backTitle: BackTitle?

    /// What the reader says when a double tap changed the element under the cursor, where the
    /// platform's is modelled; nil: nothing (a switch still says its state).
    public var activation: Activation?

    /// The reader's own feedback for an activation.
    public struct Activation: Hashable, Sendable, Codable {
        /// Whether it says the element's new selection or value (`Selected: …`, `Checked.`).
        public var saysChange: Bool
        public var source: String
    }

    /// Where the cursor lands when a page is pushed, where the platform's is modelled; nil: the
    /// page's first element (its Back button).
    public var navigation: Navigation?

    /// A navigation stack's moves, as VoiceOver follows them.
    public struct Navigation: Hashable, Sendable, Codable {
        public var pushFocus: PushFocus
        public var source: String

        public enum PushFocus: String, Hashable, Sendable, Codable {
            /// The Back button, the page's first element.
            case back
            /// The page's first element after its navigation bar: not Back, not the title.
            case content
        }
    }

    /// How the system Back button is titled.
    public struct BackTitle: Hashable, Sendable, Codable {
        /// The title of the page the Back button returns to, else ``Profile/backLabel``.
        public var previousPage: Bool
        public var source: String
    }
    public var geometry: Geometry
    /// Why a scrub on a sheet's grabber reaches no controller of the content (`escape: content`).
    public var escape: Escape
    /// Sheets are always modal here (macOS, visionOS, watchOS; HIG "Sheets").
    public var sheetsAlwaysModal: Bool
    /// Bar-button labels the audits accept (HIG and the mobile sheet guideline).
    public var barActions: [String]
    /// The bar-button words the audits and the keyboard read, in the profile's language.
    public var bar: BarWords
    /// The OS version whose facts this profile holds (`os:` in a scene, `--os`), e.g. `"17"`.
    public var version: String
    /// The versions a scene may name, and which one applies when it names none.
    public var os: OSVersions
    /// The invisible dismiss element a dimmed sheet shows to VoiceOver, where the version has one.
    public var dimming: SystemElementWords?
    /// The dismiss element of a popover (its dimming view), where the platform has one.
    public var popoverDismiss: SystemElementWords?
    /// Context and pull-down menus (`style: menu`): the element that leaves one, and where the
    /// cursor goes when one closes; nil where the platform's are not modelled.
    public var menus: Menus?

    /// How VoiceOver meets a menu.
    public struct Menus: Hashable, Sendable, Codable {
        /// The invisible element after the last item that closes the menu.
        public var dismiss: SystemElementWords
        /// Where the cursor goes when the menu closes without a choice.
        public var focusAfterDismiss: MenuFocus
        /// Where the cursor goes when choosing an item closed the menu, before the item acts.
        public var focusAfterChoice: MenuFocus
        public var source: String

        public enum MenuFocus: String, Hashable, Sendable, Codable {
            /// The element that opened the menu.
            case presenter
            /// The first element in scope.
            case first
        }
    }
    /// What is spoken for a secure text field's text (never the text itself), where known.
    public var secureEntry: SecureEntryWords?
    /// The Cancel button the system puts on presentations, where the platform has one (watchOS).
    public var systemCancel: SystemCancel?
    /// Where the cursor goes when an alert appears, and where the word `Alert` is spoken.
    public var alerts: Alerts
    /// The keys of an attached keyboard that dismiss or answer a dialog, where the platform has them.
    public var keyboard: Keyboard?
    /// Which text entry is first responder when a presentation appears, and whether the cursor follows it.
    public var firstResponder: FirstResponder
    /// What VoiceOver echoes as text is typed.
    public var typing: Typing
    /// The on-screen keyboard VoiceOver reaches while a text entry is editing, where modelled.
    public var onScreenKeyboard: OnScreenKeyboard?
    /// A stepper as the platform composes it for VoiceOver: two buttons, where the reader sees
    /// them so (UIKit's `UIStepper`); nil: one adjustable element.
    public var stepper: StepperButtons?

    /// The buttons a stepper is made of, by their labels.
    public struct StepperButtons: Hashable, Sendable, Codable {
        public var decrement: String
        public var increment: String
        public var source: String
    }
    /// Where the cursor lands as a presentation appears.
    public var presentFocus: PresentFocus
    /// How presentation styles adapt to the platform's width (size classes), by style.
    public var adaptations: Adaptations
    /// What each presentation style does with an escape no element, container or page stack took.
    public var escapeDefaults: EscapeDefaults
    /// How VoiceOver reaches a row's accessory button (`accessory: true`); nil: as a stop.
    public var cellAccessory: CellAccessory?

    public struct CellAccessory: Hashable, Sendable, Codable {
        /// True: a custom action of the row, named by the button's label, running its
        /// `activate`; false: a stop of its own, after the row.
        public var action: Bool
        public var source: String
    }

    /// The trait and state words of docs/decisions.md, without their final period.
    public struct Words: Hashable, Sendable, Codable {
        public var selected: String
        public var dimmed: String
        public var button: String
        public var backButton: String
        public var switchButton: String
        public var on: String
        public var off: String
        public var mixed: String
        public var tab: String
        public var textField: String
        public var secureTextField: String
        public var isEditing: String
        public var heading: String
        public var link: String
        public var adjustable: String
        public var image: String
        public var searchField: String
        /// `"{index} of {count}"`: a tab's position in its tab bar.
        public var position: String
        /// `"{value}%"`: a percent value.
        public var percent: String
        /// The decimal separator a slider's or stepper's number is written with (`,` in German);
        /// nil: `.`.
        public var decimal: String?
        /// `"heading level {level}"`: a heading with a `level:` where the reader speaks it (macOS).
        public var headingLevel: String?
        /// Whether a switch's state is said before its role word (macOS's checkbox:
        /// `unchecked. checkbox.`); nil or false: after it (`Switch Button. Off.`).
        public var switchStateFirst: Bool?
        /// The words of a group's container type (`container:`), where the profile has them:
        /// `List Start`, `List End`, `Landmark`, `End`, `Row {index}`, `Column {index}`.
        public var containers: ContainerWords?
        /// The word for a button that opens a menu (`traits: [popUp]`), where the reader has one (macOS).
        public var popUpButton: String?
        /// The word for a row of a picker wheel (`traits: [pickerItem]`), before `adjustable`,
        /// where the reader's is known.
        public var pickerItem: String?
        /// Spoken with an alert's title when it appears, where the profile's `alerts` says.
        public var alert: String?
        /// Where the insertion point of a text entry that is editing is, said after its traits:
        /// at the start of an empty text, else at its end (where editing puts it); nil where the
        /// reader's words are not known.
        public var insertionPointStart: String?
        public var insertionPointEnd: String?
        /// How the parts of a description are joined where the language does not write
        /// `Label: value. Trait.` (Japanese: `ラベル、値、選択中、ボタン、1/3`): nil for that form.
        public var parts: Parts?
        /// Where these words were heard.
        public var source: String?
    }

    /// A description joined part by part: the label, its value, `Selected`, the trait words, the
    /// position and a secure field's length, each after `separator`, with no closing mark.
    public struct Parts: Hashable, Sendable, Codable {
        public var separator: String
        /// The reader's order of the parts, where it is not VoiceOver's (TalkBack's default
        /// "State, name, type", with `selected` first and `disabled` last); nil: VoiceOver's.
        /// A part said by an earlier one is not said again (TalkBack's `dedupJoin`).
        public var order: [Part]?

        /// A part of a description.
        public enum Part: String, CaseIterable, Hashable, Sendable, Codable {
            /// `Selected` (``Words/selected``), where the element is selected.
            case selected
            /// A switch's state (``Words/on``, ``Words/off``, ``Words/mixed``).
            case state
            /// The label and the value.
            case name
            /// The role's words: every trait word but the state and `disabled`.
            case role
            /// `N of M`, a secure field's length and the insertion point.
            case position
            /// ``Words/dimmed``, where the element is not enabled.
            case disabled
        }
    }

    /// UIAccessibility's `screenChanged` and `layoutChanged` as VoiceOver handles them: the sound
    /// each makes (nil: none), where the cursor goes when no element is given, and which one UIKit
    /// posts itself when a presentation appears or goes, a sheet changes detent, or a sheet grows
    /// to show the element the cursor moved to.
    ///
    /// ```swift
    /// profile.notifications.screenChanged.earcon            // .screenChanged
    /// profile.notifications.layoutChanged.earcon            // nil: VoiceOver plays nothing
    /// profile.notifications[profile.notifications.posted.detent].withoutElement   // .stay
    /// ```
    public struct Notifications: Hashable, Sendable, Codable {
        public enum Kind: String, Hashable, Sendable, Codable { case screenChanged, layoutChanged }
        /// Where the cursor goes when the notification names no element (or one out of scope).
        public enum Focus: String, Hashable, Sendable, Codable {
            /// The first element in scope.
            case first
            /// Where it is.
            case stay
        }
        /// What VoiceOver does with a string given as the argument.
        public enum Text: String, Hashable, Sendable, Codable {
            /// Speaks it as an announcement (posted where the notification is, at default priority).
            case announce
            /// Says nothing of it.
            case ignore
        }
        public struct Handling: Hashable, Sendable, Codable {
            /// The sound VoiceOver plays; nil when it plays none.
            public var earcon: Earcon?
            /// Where the cursor goes without an element (a string argument gives none either).
            public var withoutElement: Focus
            /// A string argument.
            public var withText: Text
        }
        /// The notification UIKit posts on each of its own changes.
        public struct Posted: Hashable, Sendable, Codable {
            /// A presentation appears (its first element, or `initialFocus`, is the argument).
            public var present: Kind
            /// A presentation goes (the cursor to its presenter, else the first element).
            public var dismiss: Kind
            /// A sheet changes detent (the cursor stays).
            public var detent: Kind
            /// A sheet grows to show the element the cursor moved to, which it clipped.
            public var reveal: Kind
            /// A page of a presentation's navigation stack is pushed or popped.
            public var page: Kind
        }
        public var screenChanged: Handling
        public var layoutChanged: Handling
        public var posted: Posted
        /// Where each fact comes from, the OS versions and how sure.
        public var source: String

        public subscript(kind: Kind) -> Handling {
            switch kind {
            case .screenChanged: screenChanged
            case .layoutChanged: layoutChanged
            }
        }
    }

    /// A secure text field's text as VoiceOver speaks it: only how long it is, and a mask word
    /// for each character typed.
    public struct SecureEntryWords: Hashable, Sendable, Codable {
        /// `"{count} characters"`: the length of a secure field's text, after its traits.
        public var characters: String
        /// `"{count} character"`: the same for one character.
        public var character: String
        /// What is echoed for each character typed, where the profile's evidence has one; nil:
        /// nothing is echoed.
        public var typed: String?
        /// Where these were heard, and how sure.
        public var source: String?

        /// The length of `text` as spoken: `6 characters`.
        public func length(of text: String) -> String {
            let count = text.count
            return (count == 1 ? character : characters).replacingOccurrences(of: "{count}", with: String(count))
        }
    }

    /// The system hints of docs/decisions.md.
    public struct Hints: Hashable, Sendable, Codable {
        public var textEntry: String
        /// A text field's hint while it is editing.
        public var textEntryEditing: String?
        /// A text area's (multi-line text view's) hint when it is not editing.
        public var textArea: String?
        /// A button's hint, where the reader gives one (macOS, TalkBack).
        public var button: String?
        /// Whether ``button`` is said by every element a double tap acts on, whatever its role
        /// (TalkBack hints any clickable node so, a Compose `clickable` without a role too); nil
        /// or false: by buttons alone.
        public var everyClickable: Bool?
        /// The hint of an element whose click has a label of its own, `{label}` standing for it
        /// (TalkBack's `Double-tap to {label}`); nil where the reader has none.
        public var customClick: String?
        /// A switch's hint; nil where the reader's is not known.
        public var toggle: String?
        /// An adjustable element's hint; nil where the reader's is not known.
        public var adjustable: String?
        /// A pop-up button's hint (`traits: [popUp]`: a button that opens a menu or picker), where
        /// the reader gives one.
        public var popUp: String?
        public var actionsAvailable: String
        /// Where these hints were heard.
        public var source: String?
    }

    /// What `rotor:` speaks for each rotor.
    public struct Rotors: Hashable, Sendable, Codable {
        public var actions: String
        public var headings: String
        public var links: String
        public var containers: String
        public var adjust: String
        /// The Actions rotor's item for the element's default action, before its custom actions
        /// (`Activate, Default`), where the reader lists one; nil: the custom actions alone.
        public var defaultAction: String?
        public var source: String?
    }

    /// The system-made grabber: its label, its value per detent, and where they were seen.
    public struct Grabber: Hashable, Sendable, Codable {
        public var label: String
        /// Values for `medium` and `large`.
        public var values: [String: String]
        /// What a custom detent says: the word of the first band whose `atLeast` its sheet's
        /// on-screen height over the screen's reaches; none below them all, nor without bands.
        public var custom: CustomDetents?
        /// A grabber whose states are named by where the sheet rests among its detents, not by
        /// the detent (Material's drag handle: the smallest detent `collapsed`, the largest
        /// `expanded`, any between `halfExpanded`); nil: ``values``.
        public var states: States?
        /// How the state and the label make the grabber's name (`{state}. {label}`: Material's
        /// `Collapsed. Drag handle`); nil: the label, with the state as its value.
        public var name: String?
        /// How activating it moves between detents: `wrap` (UIKit: each larger, from the largest
        /// back to the smallest), `bounce` (Material: up to the largest, then down to the
        /// smallest, and up again) or `expandOrDismiss` (Compose: to the largest; from there an
        /// interactive dismissal, or back to the smallest on a persistent sheet); nil: `wrap`.
        public var cycle: Cycle?
        /// The label of its click for the state a double tap moves the sheet to, spoken in the
        /// hint (`Double-tap to Expand the bottom sheet`, with ``Hints/customClick``).
        public var clickLabels: States?
        /// Its actions (the actions menu, the Actions rotor), each offered where it moves the sheet.
        public var actions: Actions?
        /// The role it is read with: nil or `button` (UIKit's grabber, Material's `ImageView`),
        /// `text` for a clickable view with no role word (Compose's drag handle).
        public var role: Role?
        public var source: String

        /// Whether it says where its sheet rests (a value per detent, or states): one that does
        /// not (Compose's drag handle) says nothing new when the sheet moves.
        public var namesState: Bool { states != nil || !values.isEmpty }

        /// A word for each state a sheet rests in.
        public struct States: Hashable, Sendable, Codable {
            public var collapsed: String
            public var halfExpanded: String
            public var expanded: String

            /// The word for a state.
            public subscript(state: State) -> String {
                switch state {
                case .collapsed: collapsed
                case .halfExpanded: halfExpanded
                case .expanded: expanded
                }
            }
        }

        /// Where a sheet rests among its detents.
        public enum State: Hashable, Sendable {
            case collapsed, halfExpanded, expanded

            /// The state of the detent at `index` of `count` (one detent: expanded).
            public init(index: Int, count: Int) {
                self = index == count - 1 ? .expanded : index == 0 ? .collapsed : .halfExpanded
            }
        }

        public enum Cycle: String, Hashable, Sendable, Codable { case wrap, bounce, expandOrDismiss }

        /// The names of the grabber's actions: to a detent between the smallest and the largest
        /// (nil where the toolkit has no such action), to the largest, to the smallest, and the
        /// dismissal (a dismissible sheet only).
        public struct Actions: Hashable, Sendable, Codable {
            public var halfExpand: String?
            public var expand: String
            public var collapse: String
            public var dismiss: String
        }
    }

    /// A custom detent's grabber value, by the sheet's height: never its identifier.
    public struct CustomDetents: Hashable, Sendable, Codable {
        public struct Band: Hashable, Sendable, Codable {
            /// The share of the screen's height the sheet shows, from 0 to 1.
            public var atLeast: Double
            /// The system detent whose word it says (`large`, `medium`).
            public var detent: String
        }
        /// Highest first.
        public var bands: [Band]
        public var source: String
    }

    /// The OS versions a profile knows (docs/format.md): facts that differ between versions are
    /// written as patches in the profile file's `versioned` list, each with its source.
    public struct OSVersions: Hashable, Sendable, Codable {
        /// The version a scene gets when it names none.
        public var `default`: String
        /// Every version a scene may name, oldest first.
        public var versions: [String]
        public var source: String
    }

    /// What VoiceOver says of an element for the container it is in (after its description).
    public struct ContainerWords: Hashable, Sendable, Codable {
        public var listStart: String
        public var listEnd: String
        public var landmarkStart: String?
        public var landmarkEnd: String?
        /// `Row {index}`, said by a row's first cell; nil: no table words.
        public var row: String?
        /// `Column {index}`, said by every cell.
        public var column: String?
        public var source: String
    }

    /// An element the system makes (a dimming view, a popover's dismiss region): what it is
    /// called, where its frame lies, and where that was seen.
    public struct SystemElementWords: Hashable, Sendable, Codable {
        public var label: String
        /// Its accessibility frame: the whole screen beneath its presentation (`screen`), or
        /// the strip above the presentation (`above`). A touch reaches it only outside the
        /// presentation either way.
        public var frame: DismissFrame
        /// The role it is read with: nil or `button`, or `text` for a clickable view with no role
        /// word (Compose's scrim).
        public var role: Role?
        /// Whether it is read after its presentation's content (Compose's scrim, its
        /// `traversalIndex` 1); nil: a sheet's before it, a popover's or menu's after it.
        public var last: Bool?
        public var source: String

        public enum DismissFrame: String, Hashable, Sendable, Codable { case screen, above }
    }

    /// The Cancel button the system shows on some presentation styles (watchOS's round Cancel in
    /// the upper leading corner): its label, the styles that get it and where it sits. A
    /// presentation with its own bar button there, or with a `cancel`-role action, has none; a
    /// `cancel`-role action of these styles sits there instead.
    public struct SystemCancel: Hashable, Sendable, Codable {
        public var label: String
        /// Presentation styles (their `rawValue`) that show it.
        public var styles: [String]
        public var placement: Placement
        public var source: String
    }

    /// Size-class adaptation: a compact-width platform shows popovers as sheets; a
    /// regular-width one shows action sheets as popovers without their cancel action.
    public struct Adaptations: Hashable, Sendable, Codable {
        /// Popovers are shown as sheets unless the presentation says `adaptation: none`.
        public var popoverAsSheet: Bool
        /// Action sheets are shown as popovers, their cancel-role action not displayed.
        public var actionSheetAsPopover: Bool
        public var source: String
    }

    /// The system's escape for each presentation style (its `rawValue`), with the evidence.
    public struct EscapeDefaults: Hashable, Sendable, Codable {
        public var styles: [String: EscapeDefault]
        /// The styles a dismissible presentation of which is dismissed before its navigation
        /// stack pops: the scrub reaches the sheet's container, an ancestor of every element in
        /// it, before the navigation bar's Back (docs/decisions.md, "Escape"). Absent: none.
        public var dismissBeforePop: DismissBeforePop?
        public var source: String

        public struct DismissBeforePop: Hashable, Sendable, Codable {
            public var styles: [String]
            public var source: String
        }

        /// Whether a dismissible presentation of `style` is dismissed before its pages pop.
        public func dismissesBeforePopping(_ style: PresentationStyle) -> Bool {
            dismissBeforePop?.styles.contains(style.rawValue) ?? false
        }

        /// The default of a style; a style the profile does not list does nothing.
        public func callAsFunction(_ style: PresentationStyle) -> EscapeDefault {
            styles[style.rawValue] ?? .none
        }
    }

    public struct Escape: Hashable, Sendable, Codable {
        public var `default`: EscapeHandling
        public var source: String
    }

    /// Sizes in points (docs/format.md).
    public struct Geometry: Hashable, Sendable, Codable {
        public var screen: [Double]
        public var safeTop: Double
        /// A child joins a row when its `y` is less than this far below the row's first child.
        public var rowThreshold: Double
        public var rowThresholdSource: String
        /// How siblings are put in reading order; nil: `rows` (``rowThreshold``).
        public var order: SiblingOrder?
        public var rowHeight: Double
        public var barHeight: Double
        /// The band at a presentation's top edge where the grabber sits.
        public var grabberBand: Double
        /// `top` or `bottom`: where a presentation's bar buttons sit.
        public var barPlacement: BarPlacement
        public var barButtonWidth: Double
        public var barInset: Double
        /// Frames by presentation style.
        public var presentations: [String: PresentationGeometry]
        /// Where the sizes come from, where the profile says (a platform whose sizes are not
        /// sourced in its other facts' sources).
        public var source: String?
    }

    public enum BarPlacement: String, Hashable, Sendable, Codable { case top, bottom }

    /// How siblings are put in reading order.
    public enum SiblingOrder: String, Hashable, Sendable, Codable {
        /// VoiceOver's: rows top to bottom (a child joins a row while its top is within the
        /// row threshold of the row's first), each row by `x`.
        case rows
        /// Android's stripes (`ViewGroup`'s `ViewLocationHolder`, COMPARISON_STRATEGY_STRIPE):
        /// one sibling before another when it ends above the other's top; siblings that overlap
        /// vertically by `x`, then by top.
        case stripes
    }

    /// How one presentation style is placed on the screen.
    public struct PresentationGeometry: Hashable, Sendable, Codable {
        /// Points, or nil for the screen's width.
        public var width: Double?
        /// Points; nil for "from its top to the screen's bottom" (`detents`) or "as tall as its rows".
        public var height: Double?
        public var placement: Kind

        public enum Kind: String, Hashable, Sendable, Codable {
            /// Top by detent: large at safe top + 10, medium at half the screen, custom by fraction.
            case detents
            /// Centered on the screen.
            case center
            /// Centered horizontally, top at the safe top (macOS: under the title bar).
            case underTitleBar
            /// At the bottom, full width.
            case bottom
            /// Below its presenter.
            case belowPresenter
            /// The whole screen.
            case fullScreen
        }
    }

    public var screenWidth: Double { geometry.screen.first ?? 0 }
    public var screenHeight: Double { geometry.screen.count > 1 ? geometry.screen[1] : 0 }

    /// The system's dismiss element around a presentation, where there is one: a menu's, a
    /// popover's dismiss region, a resizable sheet's dimming view.
    public func dismissWords(for presentation: Presentation) -> SystemElementWords? {
        if presentation.style == .menu { return menus?.dismiss }
        if presentation.isPopover { return popoverDismiss }
        return presentation.style.isResizable ? toolkit(of: presentation)?.dimming ?? dimming : nil
    }

    /// The geometry of a style, falling back to the `sheet` entry.
    public func geometry(for style: PresentationStyle) -> PresentationGeometry {
        geometry.presentations[style.rawValue]
            ?? geometry.presentations["sheet"]
            ?? PresentationGeometry(width: nil, height: nil, placement: .fullScreen)
    }
}

/// A profile that could not be found or read.
public struct ProfileError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
    /// Whether Earshot's own files are at fault (a bundled profile damaged or missing, exit 3),
    /// not what a scene asked for (a language or version no profile has, exit 2).
    public var isDamage = false

    /// What a scene asked for that no profile has.
    init(description: String) { self.description = description }

    /// A configuration's platform that is not the scene's device nor the other one of its size
    /// class (``Platform/sizeClassSibling``).
    static func otherDevice(_ platform: Platform, of own: Platform) -> ProfileError {
        let known = [own, own.sizeClassSibling].compactMap { $0?.rawValue }.joined(separator: " or ")
        return ProfileError(description: "\(own.rawValue) scenes run as \(known), not \(platform.rawValue)")
    }

    /// Earshot's own profiles, damaged or missing.
    static func damage(_ description: String) -> ProfileError {
        var error = ProfileError(description: description)
        error.isDamage = true
        return error
    }
}

extension Profile {
    /// The espeak-ng voice that speaks this profile's language, unless a scenario names one:
    /// espeak-ng names its voices by language (`de`, `ru`, `ja`, `pt-br`; `en-us` for American
    /// English, the default of every scenario before languages), except where the profile names
    /// one (`speechVoice`: Mandarin's `cmn-latn-pinyin`).
    public var voice: String { speechVoice?.name ?? (language == "en" ? "en-us" : language) }

    /// Every language with a profile on some platform (`en` first).
    public static var languages: [String] { ProfileStore.shared.languages.all }

    /// The languages with a profile for `platform` (`en` first).
    public static func languages(for platform: Platform) -> [String] {
        ProfileStore.shared.languages.byPlatform[platform] ?? ["en"]
    }

    /// The profile shipped with Earshot for a platform, language and OS version
    /// (nil: the profile's default version).
    ///
    /// Profiles are constant data read from the package's own resources;
    /// they are cached for the life of the process.
    ///
    /// ```swift
    /// try Profile.bundled(.ios).version               // "17"
    /// try Profile.bundled(.ios, os: "26").dimming     // nil: not a VoiceOver target there
    /// ```
    public static func bundled(_ platform: Platform, language: String = "en", os: String? = nil) throws -> Profile {
        try ProfileStore.shared.profile(platform, language: language, os: os)
    }

    /// Whether `version` is at least `other`, comparing dotted numbers part by part (`"17.5" ≥ "17"`).
    public static func version(_ version: String, isAtLeast other: String) -> Bool {
        let left = version.split(separator: ".").map { Int($0) ?? 0 }
        let right = other.split(separator: ".").map { Int($0) ?? 0 }
        for index in 0..<max(left.count, right.count) {
            let a = index < left.count ? left[index] : 0, b = index < right.count ? right[index] : 0
            if a != b { return a > b }
        }
        return true
    }
}

/// Loads each bundled profile once per process and version.
///
/// A profile file holds the facts of its platform's oldest known version at the top level and,
/// under `versioned`, patches that apply from a version on: `{ "from": "26", "set": { … },
/// "source": "…" }`. The patches whose `from` is at most the requested version are merged in
/// order, as JSON merge patches (RFC 7396: objects merge key by key, `null` removes a key).
///
/// A language's profile (`ios.de.json`) names the profile it translates (`"base": "ios.en"`)
/// and holds only what differs, the words with their sources: it is merged over its base, and
/// its own `versioned` patches follow the base's, so a word a base patch changes at a version
/// is the language's again where the language patches it too (a test holds that it does).
final class ProfileStore: @unchecked Sendable {
    static let shared = ProfileStore()
    let lock = NSLock()
    private var cache: [String: Profile] = [:]
    private var files: [String: [String: Any]] = [:]
    /// Each profile's chain of files as written (``chain(_:)``), read once.
    var chains: [String: [(name: String, own: Set<String>, patches: [[String: Any]])]] = [:]

    func profile(_ platform: Platform, language: String, os: String?) throws -> Profile {
        let name = "\(platform.rawValue).\(language)"
        lock.lock()
        defer { lock.unlock() }
        let file = try self.file(name, platform: platform, language: language)
        let versions = file["os"] as? [String: Any]
        let known = versions?["versions"] as? [String] ?? []
        let version = os ?? versions?["default"] as? String ?? ""
        if os != nil, !known.contains(version) {
            throw ProfileError(description: "no \(platform.rawValue) version '\(version)' in the profile (expected one of: \(known.joined(separator: ", ")))")
        }
        let key = name + "@" + version
        if let cached = cache[key] { return cached }
        var merged = file
        merged.removeValue(forKey: "versioned")
        for patch in file["versioned"] as? [[String: Any]] ?? [] {
            guard let from = patch["from"] as? String, Profile.version(version, isAtLeast: from),
                  let changes = patch["set"] as? [String: Any] else { continue }
            merged = Self.merging(changes, into: merged)
        }
        merged["version"] = version
        do {
            let data = try JSONSerialization.data(withJSONObject: merged)
            let profile = try JSONDecoder().decode(Profile.self, from: data)
            cache[key] = profile
            return profile
        } catch {
            throw ProfileError.damage("the bundled profile \(name).json (\(ResourceFolder.profiles?.path ?? "")) cannot be read at version \(version): \(error); reinstall Earshot")
        }
    }

    /// The bundled profiles' languages, from their file names (`ios.de.json`).
    let languages = ProfileStore.bundledLanguages()

    private static func bundledLanguages() -> (all: [String], byPlatform: [Platform: [String]]) {
        let folder = ResourceFolder.profiles
        let urls = folder.flatMap { try? FileManager.default.contentsOfDirectory(at: $0, includingPropertiesForKeys: nil) } ?? []
        var byPlatform: [Platform: [String]] = [:]
        for url in urls {
            let parts = url.deletingPathExtension().lastPathComponent.split(separator: ".")
            guard parts.count == 2, let platform = Platform(rawValue: String(parts[0])) else { continue }
            byPlatform[platform, default: []].append(String(parts[1]))
        }
        let order = { (languages: [String]) in languages.sorted { ($0 == "en" ? 0 : 1, $0) < ($1 == "en" ? 0 : 1, $1) } }
        for (platform, languages) in byPlatform { byPlatform[platform] = order(languages) }
        return (order(Array(Set(byPlatform.values.joined()))), byPlatform)
    }

    func file(_ name: String, platform: Platform, language: String) throws -> [String: Any] {
        if let file = files[name] { return file }
        guard let folder = ResourceFolder.profiles else { throw ProfileError.damage(ResourceFolder.profilesMissing) }
        let url = folder.appendingPathComponent(name + ".json")
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw ProfileError(description: "no profile for platform '\(platform.rawValue)' in language '\(language)' (expected one of: \(Profile.languages.joined(separator: ", ")))")
        }
        do {
            guard var file = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] else {
                throw ProfileError(description: "the top level is not an object")
            }
            if let baseName = file["base"] as? String {
                // A language's words over the profile they translate; the base's version patches
                // first. `translation` takes another platform's words in that language (iPadOS
                // speaks iOS's): its own keys, under the file's.
                let base = try self.file(baseName, platform: platform, language: "en")
                var patches = base["versioned"] as? [Any] ?? []
                var own = Self.ownKeys(file)
                if let translationName = file["translation"] as? String {
                    let translationURL = folder.appendingPathComponent(translationName + ".json")
                    guard let translation = try JSONSerialization.jsonObject(with: Data(contentsOf: translationURL)) as? [String: Any] else {
                        throw ProfileError(description: "its translation \(translationName).json is not a bundled profile")
                    }
                    own = Self.merging(own, into: Self.ownKeys(translation))
                    patches += translation["versioned"] as? [Any] ?? []
                }
                var merged = Self.merging(own, into: base)
                merged["versioned"] = patches + (file["versioned"] as? [Any] ?? [])
                file = merged
            }
            files[name] = file
            return file
        } catch {
            throw ProfileError.damage("the bundled profile \(url.path) cannot be read: \(error); reinstall Earshot")
        }
    }

    /// A language file's facts, without what says how it is made.
    private static func ownKeys(_ file: [String: Any]) -> [String: Any] {
        file.filter { !["base", "translation", "versioned"].contains($0.key) }
    }

    /// RFC 7396: objects merge key by key, `null` removes the key, anything else replaces.
    static func merging(_ patch: [String: Any], into target: [String: Any]) -> [String: Any] {
        var result = target
        for (key, value) in patch {
            if value is NSNull {
                result.removeValue(forKey: key)
            } else if let object = value as? [String: Any] {
                result[key] = merging(object, into: result[key] as? [String: Any] ?? [:])
            } else {
                result[key] = value
            }
        }
        return result
    }
}
