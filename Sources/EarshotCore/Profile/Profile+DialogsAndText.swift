/// The profile's facts about dialogs and text entry: where the cursor lands as a presentation
/// or an alert appears, the keys an attached keyboard gives dialogs, the first responder, typing
/// feedback and the on-screen keyboard (docs/decisions.md; each with its source in the profile).
extension Profile {
    /// The cursor as a presentation appears (with no `initialFocus`): its first element in
    /// scope, the grabber where one shows, and the dismiss element the system adds only where
    /// `dismissElement` says so.
    public struct PresentFocus: Hashable, Sendable, Codable {
        /// Whether the cursor may land on the dimming view or dismiss region.
        public var dismissElement: Bool
        /// Whether a sheet's, popover's or cover's `title:` is its pane title (TalkBack): spoken
        /// as it appears, before the element the cursor lands on, and no element of its own;
        /// nil or false: a heading in its bar (UIKit's navigation title).
        public var paneTitle: Bool?
        public var source: String
    }

    /// The system keyboard: its keys, row by row, and their words.
    public struct OnScreenKeyboard: Hashable, Sendable, Codable {
        /// Rows of keys, top first: a character, or `shift`, `delete`, `space`, `return`, or
        /// a key whose layout Earshot does not model (`more`, `nextKeyboard`).
        public var rows: [[String]]
        /// The labels of the named keys (`shift`: `shift`, `more`: `more: numbers`).
        public var labels: [String: String]
        /// The Return key's title for each `returnKey:` type (`default`: `return`, `send`: `Send`).
        public var returnKeys: [String: String]
        /// Its height in points, at the bottom of the screen.
        public var height: Double
        public var source: String
    }

    /// The first responder as a presentation appears.
    public struct FirstResponder: Hashable, Sendable, Codable {
        /// An alert's first text field is editing when the alert appears (UIAlertController).
        public var alertTextField: Bool
        /// Whether VoiceOver's cursor moves to a text entry that becomes first responder by
        /// code (`editing: true`); the keyboard's focus and VoiceOver's are separate.
        public var cursorFollows: Bool
        public var source: String
    }

    /// Typing feedback: what is spoken as characters are typed into a text entry that is not
    /// secure (a secure one echoes `secureEntry.typed`, or nothing).
    public struct Typing: Hashable, Sendable, Codable {
        public var echo: Echo
        /// The word spoken for a typed space when characters are echoed without words.
        public var space: String
        public var source: String

        public enum Echo: String, Hashable, Sendable, Codable { case characters, words, charactersAndWords, nothing }
    }

    /// Keys an attached keyboard gives dialogs.
    public struct Keyboard: Hashable, Sendable, Codable {
        /// The keys that cancel, as a scrub does (`escape`, `command-period`).
        public var cancel: [String]
        /// The label of the button Command-D presses ("Don't Save"), where there is one.
        public var dontSave: String?
        public var source: String
    }

    /// What VoiceOver does when an alert appears.
    public struct Alerts: Hashable, Sendable, Codable {
        /// Where the cursor lands: on the alert's title, its message read after it (`title`), or
        /// on its default button alone (`defaultButton`, a Mac).
        public var focus: Focus
        /// Where the word `Alert` is spoken: after the title, before it, or not at all.
        public var announce: Announce
        public var source: String

        public enum Focus: String, Hashable, Sendable, Codable { case title, defaultButton }
        public enum Announce: String, Hashable, Sendable, Codable { case afterTitle, beforeTitle, none }
    }
}
