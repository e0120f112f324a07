/// The UI toolkits a platform's presentations are made with (`toolkit:` on a presentation), each
/// with what its own components make differently from the profile's defaults: Android's
/// `views` (Material Components' `BottomSheetDialog`, the profile itself) and `compose` (Compose
/// Material 3's `ModalBottomSheet`, its drag handle, scrim and pane title). docs/decisions.md,
/// "Toolkits".
extension Profile {
    /// One toolkit: the profile's facts it replaces for the presentations it makes. A fact it
    /// leaves out is the profile's.
    public struct Toolkit: Hashable, Sendable, Codable {
        /// Its sheets' grabber (Compose's drag handle), in place of ``Profile/grabber``.
        public var grabber: Grabber?
        /// Its modal sheets' dimming element (Compose's scrim, `Close sheet`), in place of
        /// ``Profile/dimming``.
        public var dimming: SystemElementWords?
        /// The pane title its presentations announce as they appear, by style (`sheet`:
        /// `Bottom Sheet`, `alert`: `Dialog`), whatever the presentation's `title:`; a persistent
        /// sheet, which never appears as a pane, has none.
        public var paneTitles: [String: String]?
        /// What an escape (TalkBack's Back) does to its presentations, by style, in place of
        /// ``Profile/escapeDefaults``' styles.
        public var escapeDefaults: [String: EscapeDefault]?
        public var source: String
    }

    /// The toolkit a presentation names, where the profile knows it.
    public func toolkit(of presentation: Presentation) -> Toolkit? {
        presentation.toolkit.flatMap { toolkits?[$0] }
    }

    /// The grabber of a presentation's sheet: its toolkit's, else the profile's.
    public func grabber(for presentation: Presentation) -> Grabber? {
        toolkit(of: presentation)?.grabber ?? grabber
    }

    /// The pane title a presentation announces as it appears for its toolkit, whatever its
    /// `title:`; nil where its toolkit sets none.
    public func toolkitPaneTitle(for presentation: Presentation) -> String? {
        guard !presentation.persistent else { return nil }
        return toolkit(of: presentation)?.paneTitles?[presentation.style.rawValue]
    }

    /// What an escape does to a presentation shown as `style`: its toolkit's default, else the
    /// profile's.
    public func escapeDefault(for presentation: Presentation, as style: PresentationStyle) -> EscapeDefault {
        toolkit(of: presentation)?.escapeDefaults?[style.rawValue] ?? escapeDefaults(style)
    }
}
