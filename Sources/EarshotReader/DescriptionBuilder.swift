import EarshotCore

/// Builds what is spoken for an element, from the profile's words (docs/decisions.md).
///
/// ```swift
/// let builder = DescriptionBuilder(scene: scene)
/// builder.speech(for: send, in: state).description // "Send. Dimmed. Button."
/// ```
///
/// The description is composed from small steps, in VoiceOver's order:
/// label and value, selected, trait words, the tab position.
public struct DescriptionBuilder: Sendable {
    public let scene: Scene
    /// What the builder reads, made once and kept behind one reference: the builder is passed
    /// on every step, and as a struct of some thirty strings it was copied, each string retained.
    private let tables: Tables

    private final class Tables: Sendable {
        let words: Profile.Words
        let backLabel: String
        /// The profile's templates split at their placeholders, once (filled on every step that speaks one).
        let percent: Template
        let position: Template
        /// The trait words of step 3, joined as step 5 joins them (`Dimmed. Button.`), for every
        /// combination of traits in the scene with its enabled, editing and switch states: they are
        /// the profile's words, so each combination is put together once, not on every step.
        let traitSuffixes: KeyTable
        /// The system hints (by `SystemHint.rawValue`) and `Actions Available`.
        let hintPhrases: [PhraseID?]
        let actionsPhrase: PhraseID
        /// The phrases above, each with what the speech-length estimate counts in it (counted once).
        let phrases: [Phrase]
        /// By element index: whether the element may say `N of M` (a child of a `series` group,
        /// or a tab in a tab bar), so that the others' parents are not read on every step.
        let positioned: [Bool]
        /// By element index: whether the element is inside a group with a `container:` type whose
        /// words the profile has.
        let contained: [Bool]
        /// By element index: whether its written label or hint holds a character that is not
        /// voiced (``DescriptionBuilder/audible(_:)``), so that the others are not searched on
        /// every step.
        let silentInLabel: [Bool]
        let silentInHint: [Bool]

        init(words: Profile.Words, backLabel: String, traitSuffixes: [UInt64: PhraseID], hintPhrases: [PhraseID?],
             actionsPhrase: PhraseID, phrases: [Phrase], positioned: [Bool], contained: [Bool],
             silentInLabel: [Bool], silentInHint: [Bool]) {
            self.words = words
            self.backLabel = backLabel
            self.percent = Template(words.percent, "{value}")
            self.position = Template(words.position, "{index}")
            self.traitSuffixes = KeyTable(traitSuffixes)
            self.hintPhrases = hintPhrases
            self.actionsPhrase = actionsPhrase
            self.phrases = phrases
            self.positioned = positioned
            self.contained = contained
            self.silentInLabel = silentInLabel
            self.silentInHint = silentInHint
        }
    }

    private var words: Profile.Words { _read { yield tables.words } }
    private var backLabel: String { _read { yield tables.backLabel } }
    private var percent: Template { _read { yield tables.percent } }
    private var position: Template { _read { yield tables.position } }
    private var traitSuffixes: KeyTable { _read { yield tables.traitSuffixes } }
    private var actionsPhrase: PhraseID { tables.actionsPhrase }
    private var phrases: [Phrase] { _read { yield tables.phrases } }

    public init(scene: Scene) {
        self.scene = scene
        var traitSets: Set<UInt32> = []
        var positioned = [Bool](repeating: false, count: scene.elements.count)
        var contained = [Bool](repeating: false, count: scene.elements.count)
        for (index, element) in scene.elements.enumerated() where scene.profile.words.containers != nil {
            var ancestor = element.parent
            while let group = ancestor, !contained[index] {
                contained[index] = scene[group].container != nil
                ancestor = scene[group].parent
            }
        }
        var silentInLabel = [Bool](repeating: false, count: scene.elements.count)
        var silentInHint = [Bool](repeating: false, count: scene.elements.count)
        for (index, element) in scene.elements.enumerated() {
            silentInLabel[index] = Self.audible(element.label) != element.label
            silentInHint[index] = element.hint.map { Self.audible($0) != $0 } ?? false
            traitSets.insert(element.traits.rawValue)
            if let parent = element.parent {
                positioned[index] = scene[parent].series || element.traits.contains(.tab) && scene[parent].tabBar
            }
        }
        var phrases: [Phrase] = []
        func add(_ text: String) -> PhraseID {
            phrases.append(Phrase(text))
            return PhraseID(phrases.count - 1)
        }
        var suffixes: [UInt64: PhraseID] = [:]
        for raw in traitSets {
            let traits = Traits(rawValue: raw)
            // Only the states these traits have words for: editing for text entry, on/off/mixed for switches.
            let editing: [UInt64] = traits.contains(.textEntry) || traits.contains(.searchField) ? [0, Self.editingFlag] : [0]
            let switches: [UInt64] = traits.contains(.switchButton) ? (0...3).map { $0 << Self.switchShift } : [0]
            for enabled in [0, Self.notEnabledFlag] {
                for edit in editing {
                    for position in switches {
                        let key = UInt64(raw) | enabled | edit | position
                        suffixes[key] = add(Self.traitSuffix(traits, key: key, words: scene.profile.words))
                    }
                }
            }
        }
        let hints = scene.profile.hints
        let hintPhrases = SystemHint.allCases.map { $0.text(in: hints).map(add) }
        let actionsPhrase = add(hints.actionsAvailable)
        self.tables = Tables(words: scene.profile.words, backLabel: scene.profile.backLabel, traitSuffixes: suffixes,
                             hintPhrases: hintPhrases, actionsPhrase: actionsPhrase, phrases: phrases, positioned: positioned,
                             contained: contained, silentInLabel: silentInLabel, silentInHint: silentInHint)
    }

    /// A phrase's place in ``phrases``: what the trait words' table and the system hints hold.
    typealias PhraseID = Int32

    /// The trait words' phrases by their key (``traitKey(_:traits:in:)``), looked up on every step: an
    /// open-addressing table probed from the key times a constant, where a dictionary hashed
    /// the key with SipHash (a twentieth of a step).
    struct KeyTable: Sendable {
        private static let empty = UInt64.max   // no key has every bit set
        private let keys: [UInt64]
        private let values: [PhraseID]
        private let shift: UInt64

        init(_ entries: [UInt64: PhraseID]) {
            var bits: UInt64 = 3
            while 1 << bits < 2 * entries.count { bits += 1 }
            shift = 64 - bits
            var keys = [UInt64](repeating: Self.empty, count: 1 << bits)
            var values = [PhraseID](repeating: 0, count: 1 << bits)
            for (key, value) in entries {
                precondition(key != Self.empty, "a trait key with every bit set")
                var slot = Int((key &* 0x9E37_79B9_7F4A_7C15) >> (64 - bits))
                while keys[slot] != Self.empty { slot = (slot + 1) & (keys.count - 1) }
                keys[slot] = key
                values[slot] = value
            }
            self.keys = keys
            self.values = values
        }

        subscript(key: UInt64) -> PhraseID? {
            var slot = Int((key &* 0x9E37_79B9_7F4A_7C15) >> shift)
            while true {
                let found = keys[slot]
                if found == key { return values[slot] }
                if found == Self.empty { return nil }
                slot = (slot + 1) & (keys.count - 1)
            }
        }
    }

    /// A phrase of the profile said on many steps, with what the speech-length estimate counts
    /// in it, counted once.
    struct Phrase: Sendable {
        let text: String
        let tail: SpeechDuration.Tail

        init(_ text: String) {
            self.text = text
            self.tail = SpeechDuration.Tail(text)
        }
    }

    /// The profile's system hints.
    enum SystemHint: Int, CaseIterable {
        case toggle, adjustable, textEntry, textEntryEditing, textArea, button, popUp

        func text(in hints: Profile.Hints) -> String? {
            switch self {
            case .toggle: hints.toggle
            case .adjustable: hints.adjustable
            case .textEntry: hints.textEntry
            case .textEntryEditing: hints.textEntryEditing
            case .textArea: hints.textArea
            case .button: hints.button
            case .popUp: hints.popUp
            }
        }
    }

    /// What the speech-length estimate counts in a speech's texts, where the builder knows it:
    /// a text it joined was counted as it was copied (the profile's phrase at its end counted
    /// once per reader), a phrase said alone was counted once. Nil: count the text.
    struct Counted {
        var description: SpeechDuration.Counts?
        var hint: SpeechDuration.Counts?
        var actions: SpeechDuration.Counts?
    }

    /// A profile string split once at a placeholder, then filled as `replacingOccurrences` would.
    struct Template: Sendable {
        let parts: [String]

        init(_ text: String, _ placeholder: String) {
            parts = text.components(separatedBy: placeholder)
        }

        func filling(with value: String) -> String { parts.joined(separator: value) }
    }

    /// The description, hint and `Actions Available` of an element now.
    public func speech(for ref: ElementRef, in state: SceneState, hints: Bool = true) -> ElementSpeech {
        var counted = Counted()
        return speech(for: ref, in: state, hints: hints, counted: &counted)
    }

    /// The description, hint and `Actions Available`, and in `counted` what the estimate counts in those it knows.
    func speech(for ref: ElementRef, in state: SceneState, hints: Bool, counted: inout Counted) -> ElementSpeech {
        if let parts = words.parts { return speech(for: ref, in: state, hints: hints, parts: parts, counted: &counted) }
        var text = labelAndValue(ref, in: state)
        var ownHint = scene[ref].hint.flatMap { $0.isEmpty ? nil : tables.silentInHint[ref.index] ? Self.audible($0) : $0 }
        if text.isEmpty, let hint = ownHint {
            text = hint          // step 4: the hint takes the empty description's place
            ownHint = nil
        }
        if state.isSelected(ref, in: scene) { text = text.isEmpty ? words.selected + "." : words.selected + ": " + text }
        // Step 5: `description.` then the trait words, each with its period.
        let traits = state.traits(of: ref, in: scene)
        let key = traitKey(ref, traits: traits, in: state)
        let known = traitSuffixes[key]
        let suffix = known.map { phrases[Int($0)].text } ?? Self.traitSuffix(traits, key: key, words: words)
        var counts: SpeechDuration.Counts?
        if !suffix.isEmpty {
            let tail = known.map { phrases[Int($0)].tail }
            if text.isEmpty {
                text = suffix
                counts = tail?.counts
            } else {
                (text, counts) = Self.joined(text, suffix, tail: tail)
            }
        }
        if let position = tabPosition(ref, in: state) {
            text += " " + position + "."
            counts = nil
        }
        if traits.contains(.secure), let length = secureLength(ref, in: state) {
            text += " " + length + "."
            counts = nil
        }
        if let insertion = insertionPoint(ref, in: state) {
            text += " " + insertion + "."
            counts = nil
        }
        if tables.contained[ref.index] {
            for word in containerWords(ref, in: state) {
                text += (text.isEmpty ? "" : text.hasSuffix(".") ? " " : ". ") + word + "."
            }
            counts = nil
        }
        counted.description = counts
        return speech(ref, description: text, hints: hints, ownHint: ownHint, in: state, counted: &counted)
    }

    /// The speech with its description made: the hint and `Actions Available` added. For an
    /// enabled text entry the system hint replaces the element's own (VoiceOver assigns it;
    /// AccessibilitySnapshot models it so); elsewhere the element's hint comes first, then the system's.
    private func speech(_ ref: ElementRef, description: String, hints: Bool, ownHint: String?,
                        in state: SceneState, counted: inout Counted) -> ElementSpeech {
        var hint: String?
        if hints {
            let system = systemHintPhrase(ref, in: state).map { phrases[Int($0)] }
            if let ownHint, !(isTextEntry(ref, in: state) && state.isEnabled(ref, in: scene)) {
                // `HINT. System hint.`, joined as the description and its trait words are.
                if let system {
                    (hint, counted.hint) = Self.joined(ownHint, system.text, tail: system.tail)
                } else {
                    hint = ownHint
                }
            } else {
                hint = system?.text
                counted.hint = system?.tail.counts
            }
        }
        // A grabber whose click has a label for where it takes the sheet (Material's drag handle:
        // `Double-tap to Expand the bottom sheet`).
        if hints, hint == nil, scene[ref].system == .grabber, let text = grabberHint(ref, in: state) { hint = text }
        var actions: String?
        if !scene.actions(of: ref, in: state).isEmpty {
            let phrase = phrases[Int(actionsPhrase)]
            actions = phrase.text
            counted.actions = phrase.tail.counts
        }
        return ElementSpeech(description: description, hint: hint, actionsAvailable: actions)
    }

    /// The description as a language that joins its parts with one separator says it, in
    /// VoiceOver's order there: the label, the value, `Selected`, the trait words, the position,
    /// a secure field's length (Japanese: `Tab1、選択中、タブ、1/3`).
    private func speech(for ref: ElementRef, in state: SceneState, hints: Bool, parts: Profile.Parts,
                        counted: inout Counted) -> ElementSpeech {
        if let order = parts.order { return speech(for: ref, in: state, hints: hints, order: order, separator: parts.separator, counted: &counted) }
        var ownHint = scene[ref].hint.flatMap { $0.isEmpty ? nil : tables.silentInHint[ref.index] ? Self.audible($0) : $0 }
        var said: [String] = []
        let labelAndValue = labelAndValue(ref, in: state)   // joined with the parts' separator
        if !labelAndValue.isEmpty { said.append(labelAndValue) }
        if said.isEmpty, let hint = ownHint {
            said.append(hint)          // the hint takes the empty description's place
            ownHint = nil
        }
        if state.isSelected(ref, in: scene) { said.append(words.selected) }
        let traits = state.traits(of: ref, in: scene)
        said += Self.traitWords(traits, key: traitKey(ref, traits: traits, in: state), words: words)
        if let position = tabPosition(ref, in: state) { said.append(position) }
        if traits.contains(.secure), let length = secureLength(ref, in: state) { said.append(length) }
        if let insertion = insertionPoint(ref, in: state) { said.append(insertion) }
        if tables.contained[ref.index] { said += containerWords(ref, in: state) }
        return speech(ref, description: said.joined(separator: parts.separator), hints: hints, ownHint: ownHint,
                      in: state, counted: &counted)
    }

    /// The description in a reader's own order of parts (``Profile/Parts/order``): TalkBack's
    /// `selected, state, name, role, disabled` (`Off, Wi-Fi, Switch`), each part once, a part
    /// that repeats an earlier one (case aside) left out, as TalkBack's `dedupJoin` does.
    private func speech(for ref: ElementRef, in state: SceneState, hints: Bool, order: [Profile.Parts.Part],
                        separator: String, counted: inout Counted) -> ElementSpeech {
        var ownHint = scene[ref].hint.flatMap { $0.isEmpty ? nil : tables.silentInHint[ref.index] ? Self.audible($0) : $0 }
        let traits = state.traits(of: ref, in: scene)
        let key = traitKey(ref, traits: traits, in: state)
        // An adjustable element's value is its state (a SeekBar's state description, `50 percent`),
        // said before its name; any other value stays with the name.
        let adjustable = traits.contains(.adjustable) && scene[ref].system == nil
        var name = adjustable ? label(ref, in: state) : labelAndValue(ref, in: state)
        let valueState = adjustable ? spokenValue(ref, in: state).map(Self.audible) : nil
        if name.isEmpty, let hint = ownHint {
            name = hint          // the hint takes the empty name's place
            ownHint = nil
        }
        var said: [String] = []
        func say(_ text: String?) {
            guard let text, !text.isEmpty, !said.contains(where: { $0.caseInsensitiveCompare(text) == .orderedSame }) else { return }
            said.append(text)
        }
        for part in order {
            switch part {
            case .selected: if state.isSelected(ref, in: scene) { say(words.selected) }
            case .state:
                say(Self.switchState(key: key, words: words))
                say(valueState)
            case .name: say(name)
            case .role:
                // The trait words without the state and `disabled`, which are parts of their own.
                for word in Self.traitWords(traits, key: key & ~(Self.notEnabledFlag | 3 << Self.switchShift), words: words) { say(word) }
            case .position:
                say(tabPosition(ref, in: state))
                if traits.contains(.secure) { say(secureLength(ref, in: state)) }
                say(insertionPoint(ref, in: state))
            case .disabled: if key & Self.notEnabledFlag != 0 { say(words.dimmed) }
            }
        }
        if tables.contained[ref.index] { for word in containerWords(ref, in: state) { say(word) } }
        return speech(ref, description: said.joined(separator: separator), hints: hints, ownHint: ownHint,
                      in: state, counted: &counted)
    }

    /// A switch's state word, from its trait key; nil for an element that is not a switch.
    private static func switchState(key: UInt64, words: Profile.Words) -> String? {
        switch key >> switchShift & 3 {
        case 1: words.on
        case 2: words.off
        case 3: words.mixed
        default: nil
        }
    }

    /// `description.` (the period unless it ends with one), a space and the trait words,
    /// copied into one allocation, and what the speech-length estimate counts in it: this runs
    /// on every step. (A string built by appending checked each append's room and kind; copying
    /// the three parts' bytes and checking the result as UTF-8 once took a third less time.)
    /// The bytes are counted where they were copied, the words' only when their counts are not
    /// given as `tail`.
    static func joined(_ description: String, _ words: String,
                       tail: SpeechDuration.Tail? = nil) -> (text: String, counts: SpeechDuration.Counts) {
        var description = description, words = words
        var counts = SpeechDuration.Counts()
        let text = description.withUTF8 { first in
            words.withUTF8 { last in
                let separator: StaticString = first.last == UInt8(ascii: ".") ? " " : ". "
                let middle = UnsafeBufferPointer(start: separator.utf8Start, count: separator.utf8CodeUnitCount)
                let count = first.count + middle.count + last.count
                return String(unsafeUninitializedCapacity: count) { buffer in
                    var at = buffer.baseAddress!
                    for part in [first, middle, last] where !part.isEmpty {
                        at.initialize(from: part.baseAddress!, count: part.count)
                        at += part.count
                    }
                    let bytes = UnsafeBufferPointer(buffer)
                    counts = tail.map { SpeechDuration.Counts(bytes, tail: $0) } ?? SpeechDuration.Counts(bytes)
                    return count
                }
            }
        }
        return (text, counts)
    }

    /// The description alone.
    public func description(of ref: ElementRef, in state: SceneState) -> String {
        speech(for: ref, in: state, hints: false).description
    }

    // MARK: Steps

    /// The label as spoken, without the value.
    private func label(_ ref: ElementRef, in state: SceneState) -> String {
        (state.overrides.isEmpty ? nil : state.overrides[ref]?.label).map(Self.audible)
            ?? (tables.silentInLabel[ref.index] ? Self.audible(scene[ref].label) : scene[ref].label)
    }

    /// Step 1: `label: value`, the value alone when the label is empty.
    /// Switches never speak their value here; secure fields never speak their text;
    /// a back button labelled with the profile's Back drops its label.
    func labelAndValue(_ ref: ElementRef, in state: SceneState) -> String {
        // Most elements on most steps: a constant label and no value to speak.
        if state.overrides.isEmpty, scene[ref].system == nil, !scene[ref].traits.contains(.backButton),
           case .constant(nil) = scene[ref].value {
            return tables.silentInLabel[ref.index] ? Self.audible(scene[ref].label) : scene[ref].label
        }
        // An effect's label is searched as it is set; the written one only where the table says.
        var label = label(ref, in: state)
        if state.traits(of: ref, in: scene).contains(.backButton), label == backLabel { label = "" }
        let value = spokenValue(ref, in: state).map(Self.audible) ?? ""
        if value.isEmpty { return label }
        // A grabber whose name says its state (Material's `Collapsed. Drag handle`).
        if scene[ref].system == .grabber, let name = scene.grabberProfile(of: ref)?.name {
            return name.replacingOccurrences(of: "{state}", with: value).replacingOccurrences(of: "{label}", with: label)
        }
        return label.isEmpty ? value : label + (words.parts?.separator ?? ": ") + value
    }

    /// Text as VoiceOver voices it: the format characters that draw nothing and have no sound
    /// are left out (the bidirectional controls U+200E, U+200F, U+202A–U+202E and U+2066–U+2069;
    /// the zero-width space U+200B, word joiner and invisible operators U+2060–U+2064, and the
    /// byte order mark U+FEFF): LINE wraps names in U+2068 … U+2069, a phone number in the call
    /// alert is U+202D … U+202C (docs/decisions.md, "Invisible characters"). The joiners U+200C
    /// and U+200D stay: they make one emoji of a sequence. A text of nothing but such
    /// characters is left as it is.
    static func audible(_ text: String) -> String {
        // Every such character is three bytes starting E2 80, E2 81 or EF BB: most text has none.
        guard text.utf8.contains(where: { $0 == 0xE2 || $0 == 0xEF }) else { return text }
        let isSilent = { (scalar: Unicode.Scalar) in
            switch scalar.value {
            case 0x200B, 0x200E, 0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF: true
            default: false
            }
        }
        guard text.unicodeScalars.contains(where: isSilent), !text.unicodeScalars.allSatisfy(isSilent) else { return text }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: text.unicodeScalars.lazy.filter { !isSilent($0) })
        return String(kept)
    }

    /// The value as spoken: a slider's number formatted (`50%`), the grabber's detent word.
    public func spokenValue(_ ref: ElementRef, in state: SceneState) -> String? {
        if scene[ref].system == .grabber { return grabberValue(ref, in: state) }
        if scene[ref].role == .switch || !state.traits(of: ref, in: scene).isDisjoint(with: [.switchButton, .secure]) {
            return nil
        }
        guard var value = state.value(of: ref, in: scene), !value.isEmpty else { return nil }
        // A slider's or stepper's number as the language writes it (`2,5` in German).
        if let decimal = words.decimal, scene[ref].role == .slider || scene[ref].role == .stepper,
           Double(value) != nil, value.contains(".") {
            value = value.replacingOccurrences(of: ".", with: decimal)
        }
        if scene[ref].unit == .percent {
            return percent.filling(with: value)
        }
        return value
    }

    /// Where the insertion point of the text entry being edited is (`Insertion point at end`),
    /// where the profile has the words: at the start of an empty text, else at its end.
    func insertionPoint(_ ref: ElementRef, in state: SceneState) -> String? {
        guard state.editing == ref, let start = words.insertionPointStart, let end = words.insertionPointEnd else { return nil }
        return (state.value(of: ref, in: scene) ?? "").isEmpty ? start : end
    }

    /// How long a secure field's text is, as spoken after its traits (`6 characters`); nil when
    /// it is empty or the profile has no words for it. The text itself is never spoken.
    func secureLength(_ ref: ElementRef, in state: SceneState) -> String? {
        guard let words = scene.profile.secureEntry, let value = state.value(of: ref, in: scene), !value.isEmpty else { return nil }
        return words.length(of: value)
    }

    /// The hint of a grabber whose click is labelled for where it takes the sheet: the profile's
    /// `customClick` with the label of the state the next detent is.
    private func grabberHint(_ ref: ElementRef, in state: SceneState) -> String? {
        guard let (presentation, shown) = scene.grabberSheet(of: ref, in: state),
              let labels = scene.profile.grabber(for: presentation)?.clickLabels, let template = scene.profile.hints.customClick,
              case .detent(let next, _)? = scene.grabberMove(of: presentation, shown: shown) else { return nil }
        let position = Profile.Grabber.State(index: next, count: presentation.detents.count)
        return template.replacingOccurrences(of: "{label}", with: labels[position])
    }

    /// The grabber's value: the detent's word for `medium` and `large`; for a custom detent, the
    /// word of the band the sheet's on-screen height falls in (`grabber.custom`), else none.
    private func grabberValue(_ ref: ElementRef, in state: SceneState) -> String? {
        guard let (presentation, shown) = scene.grabberSheet(of: ref, in: state), let grabber = scene.profile.grabber(for: presentation) else { return nil }
        if let states = grabber.states, let position = scene.grabberState(of: presentation, detent: shown.detent) {
            return states[position]
        }
        if let word = grabber.values[shown.detent] { return word }
        guard let bands = grabber.custom?.bands, scene.screen.height > 0 else { return nil }
        let frame = scene.frame(of: shown, in: state)
        let shownHeight = max(0, min(frame.y + frame.height, scene.screen.height) - max(frame.y, 0))
        let share = shownHeight / scene.screen.height
        return bands.first { share >= $0.atLeast }.flatMap { grabber.values[$0.detent] }
    }

    /// What VoiceOver says when an element under the cursor becomes selected: its description
    /// without the trait words (`Selected: last 10 days. 2 of 2.`; Japanese `…、選択中、2/2`).
    public func selectionFeedback(of ref: ElementRef, in state: SceneState) -> String {
        let text = labelAndValue(ref, in: state)
        let position = tabPosition(ref, in: state)
        if let parts = words.parts {
            return ([text, words.selected] + (position.map { [$0] } ?? [])).filter { !$0.isEmpty }.joined(separator: parts.separator)
        }
        var said = text.isEmpty ? words.selected + "." : words.selected + ": " + text + (text.hasSuffix(".") ? "" : ".")
        if let position { said += " " + position + "." }
        return said
    }

    /// Step 3: the trait words in VoiceOver's order, without their periods.
    func traitWords(_ ref: ElementRef, in state: SceneState) -> [String] {
        let traits = state.traits(of: ref, in: scene)
        return Self.traitWords(traits, key: traitKey(ref, traits: traits, in: state), words: words)
    }

    // The state a trait word depends on, above the traits' 32 bits.
    private static let notEnabledFlag: UInt64 = 1 << 32
    private static let editingFlag: UInt64 = 1 << 33
    private static let switchShift: UInt64 = 34   // 2 bits: 1 on, 2 off, 3 mixed
    private static let levelShift: UInt64 = 36    // 3 bits: a heading's level, where the profile speaks it

    /// The traits and the state their words depend on, as one number.
    private func traitKey(_ ref: ElementRef, traits: Traits, in state: SceneState) -> UInt64 {
        var key = UInt64(traits.rawValue)
        if !state.isEnabled(ref, in: scene) { key |= Self.notEnabledFlag }
        if state.editing == ref { key |= Self.editingFlag }
        if traits.contains(.header), words.headingLevel != nil, let level = scene[ref].level {
            key |= UInt64(min(max(level, 0), 7)) << Self.levelShift
        }
        if traits.contains(.switchButton) {
            switch state.value(of: ref, in: scene) {
            case "on": key |= 1 << Self.switchShift
            case "off": key |= 2 << Self.switchShift
            case "mixed": key |= 3 << Self.switchShift
            default: break
            }
        }
        return key
    }

    private static func traitWords(_ traits: Traits, key: UInt64, words: Profile.Words) -> [String] {
        var result: [String] = []
        if key & notEnabledFlag != 0 { result.append(words.dimmed) }
        if traits.contains(.button), !traits.contains(.switchButton), !traits.contains(.tab),
           !traits.contains(.backButton), !traits.contains(.keyboardKey) {
            result.append(traits.contains(.popUp) ? words.popUpButton ?? words.button : words.button)
        } else if traits.contains(.popUp), let popUp = words.popUpButton {
            result.append(popUp)
        }
        if traits.contains(.backButton) { result.append(words.backButton) }
        if traits.contains(.switchButton) {
            let state = switchState(key: key, words: words)
            if words.switchStateFirst == true {
                result += [state, words.switchButton].compactMap { $0 }
            } else {
                result += [words.switchButton, state].compactMap { $0 }
            }
        }
        if traits.contains(.tab) { result.append(words.tab) }
        let editing = key & editingFlag != 0
        if traits.contains(.textEntry) {
            result.append(traits.contains(.secure) ? words.secureTextField : words.textField)
            if editing { result.append(words.isEditing) }
        }
        if traits.contains(.header) {
            let level = Int(key >> levelShift & 7)
            if level > 0, let template = words.headingLevel {
                result.append(template.replacingOccurrences(of: "{level}", with: String(level)))
            } else {
                result.append(words.heading)
            }
        }
        if traits.contains(.link) { result.append(words.link) }
        if traits.contains(.pickerItem), let pickerItem = words.pickerItem { result.append(pickerItem) }
        if traits.contains(.adjustable) { result.append(words.adjustable) }
        if traits.contains(.image) { result.append(words.image) }
        if traits.contains(.searchField) {
            result.append(words.searchField)
            if editing, !traits.contains(.textEntry) { result.append(words.isEditing) }
        }
        return result
    }

    /// The trait words joined: `Dimmed. Button.`; empty without any.
    private static func traitSuffix(_ traits: Traits, key: UInt64, words: Profile.Words) -> String {
        traitWords(traits, key: key, words: words).map { $0 + "." }.joined(separator: " ")
    }

    /// Step 6: `N of M` for a tab in a tab bar, counting the visible tabs, and for any child of
    /// a `series` group (a segmented control's segments), counting its visible children.
    func tabPosition(_ ref: ElementRef, in state: SceneState) -> String? {
        guard tables.positioned[ref.index], let parent = scene[ref].parent else { return nil }
        let series = scene[parent].series
        let tabs = scene.layout.orderedChildren[parent.index].filter {
            (series || scene[$0].traits.contains(.tab)) && !state.isHidden($0, in: scene)
        }
        guard let index = tabs.firstIndex(of: ref) else { return nil }
        return Template(position.filling(with: String(index + 1)), "{count}").filling(with: String(tabs.count))
    }

    /// What the element says for the containers it is in (`container:`), innermost first: a
    /// list's or landmark's start at its first element in reading order and its end at its last
    /// (only the start when it holds one), and in a table a row's first cell `Row N`, every cell
    /// `Column N`, counting visible rows and cells (AccessibilitySnapshot's model of VoiceOver).
    func containerWords(_ ref: ElementRef, in state: SceneState) -> [String] {
        guard let words = words.containers else { return [] }
        var said: [String] = []
        var child = ref
        while let group = scene[child].parent {
            defer { child = group }
            guard let type = scene[group].container else { continue }
            switch type {
            case .list, .landmark:
                // Its first and last members alone, found from either end: not the whole list on a step.
                let start = type == .list ? words.listStart : words.landmarkStart
                let end = type == .list ? words.listEnd : words.landmarkEnd
                if edgeDescendant(of: group, last: false, in: state) == ref { if let start { said.append(start) } }
                else if edgeDescendant(of: group, last: true, in: state) == ref, let end { said.append(end) }
            case .table:
                // `child` is the row holding the element; an element right in the table is in none.
                guard child != ref else { continue }
                let rows = scene.layout.orderedChildren[group.index].filter { !state.isHidden($0, in: scene) }
                guard let row = rows.firstIndex(of: child) else { continue }
                let cells = reachableDescendants(of: child, in: state)
                guard let column = cells.firstIndex(of: ref) else { continue }
                if column == 0, let template = words.row {
                    said.append(template.replacingOccurrences(of: "{index}", with: String(row + 1)))
                }
                if let template = words.column {
                    said.append(template.replacingOccurrences(of: "{index}", with: String(column + 1)))
                }
            }
        }
        return said
    }

    /// A group's first (or last) focusable, visible descendant in reading order, where a group
    /// comes before what it holds.
    private func edgeDescendant(of group: ElementRef, last: Bool, in state: SceneState) -> ElementRef? {
        let children = scene.layout.orderedChildren[group.index]
        // Walked from the chosen end by index: a reversed copy would be made on every step.
        for position in children.indices {
            let child = children[last ? children.count - 1 - position : position]
            if state.isHidden(child, in: scene) { continue }
            if !last, scene[child].isFocusable { return child }
            if let inner = edgeDescendant(of: child, last: last, in: state) { return inner }
            if last, scene[child].isFocusable { return child }
        }
        return nil
    }

    /// A group's focusable, visible descendants in reading order.
    private func reachableDescendants(of group: ElementRef, in state: SceneState) -> [ElementRef] {
        var result: [ElementRef] = []
        func walk(_ parent: ElementRef) {
            for child in scene.layout.orderedChildren[parent.index] where !state.isHidden(child, in: scene) {
                if scene[child].isFocusable { result.append(child) }
                walk(child)
            }
        }
        walk(group)
        return result
    }

    /// The system hint: left out when the element is not enabled. A text entry's is
    /// `Double tap to edit.` (a text area's adds the rotor's Misspelled Words), and while it is
    /// editing, the rotor's Misspelled Words alone (AccessibilitySnapshot's model of VoiceOver).
    private func systemHintPhrase(_ ref: ElementRef, in state: SceneState) -> PhraseID? {
        guard state.isEnabled(ref, in: scene) else { return nil }
        // A grabber's hint is its click label's (``grabberHint``), else a clickable's where the
        // reader hints every clickable, else none.
        if scene[ref].system == .grabber {
            return scene.profile.hints.everyClickable == true && scene.grabberProfile(of: ref)?.clickLabels == nil ? phrase(.button) : nil
        }
        let traits = state.traits(of: ref, in: scene)
        if traits.contains(.switchButton) { return phrase(.toggle) }
        if traits.contains(.adjustable) { return phrase(.adjustable) }
        if isTextEntry(ref, in: state) {
            if state.editing == ref { return phrase(.textEntryEditing) }
            return traits.contains(.textArea) ? phrase(.textArea) ?? phrase(.textEntry) : phrase(.textEntry)
        }
        if traits.contains(.popUp), let popUp = phrase(.popUp) { return popUp }
        if traits.contains(.button), scene[ref].system == nil { return phrase(.button) }
        if scene.profile.hints.everyClickable == true, isClickable(ref) { return phrase(.button) }
        return nil
    }

    /// Whether a double tap acts on the element: it has an `activate:` behaviour, or it is a
    /// control the system made that acts (a dismiss element, Back, Cancel).
    private func isClickable(_ ref: ElementRef) -> Bool {
        if scene[ref].behaviours[.activate] != nil { return true }
        switch scene[ref].system {
        case .dismiss?, .back?, .cancel?: return true
        default: return false
        }
    }

    /// A system hint's phrase, nil where the profile has none.
    private func phrase(_ hint: SystemHint) -> PhraseID? { tables.hintPhrases[hint.rawValue] }

    private func isTextEntry(_ ref: ElementRef, in state: SceneState) -> Bool {
        scene[ref].role.isTextEntry || state.traits(of: ref, in: scene).contains(.textEntry)
    }
}
