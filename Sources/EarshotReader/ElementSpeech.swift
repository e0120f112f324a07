import EarshotCore

/// What VoiceOver says for an element when the cursor lands on it (docs/decisions.md).
public struct ElementSpeech: Hashable, Sendable {
    /// `Send. Dimmed. Button.`
    public var description: String
    /// The element's hint and the system hint, when hints are on.
    public var hint: String?
    /// The profile's `Actions Available`, for an element with custom actions.
    public var actionsAvailable: String?

    public init(description: String, hint: String? = nil, actionsAvailable: String? = nil) {
        self.description = description
        self.hint = hint
        self.actionsAvailable = actionsAvailable
    }
}
