/// The platform a scene is for (`platform:`); it picks the profile.
public enum Platform: String, CaseIterable, Hashable, Sendable, Codable {
    case ios, ipados, macos, watchos, visionos
    /// Android phones, read by TalkBack.
    case android

    /// The screen reader Earshot reads the platform's scenes as.
    public enum Reader: String, CaseIterable, Hashable, Sendable {
        /// Apple's VoiceOver: iOS, iPadOS, macOS, watchOS and visionOS.
        case voiceOver
        /// Google's TalkBack: Android.
        case talkBack

        /// Its name in messages: `VoiceOver`, `TalkBack`.
        public var displayName: String { self == .voiceOver ? "VoiceOver" : "TalkBack" }
    }

    /// The screen reader of the platform.
    public var reader: Reader { self == .android ? .talkBack : .voiceOver }

    /// The platforms VoiceOver reads.
    public static let voiceOverPlatforms = allCases.filter { $0.reader == .voiceOver }

    /// The platform of the same app on the other device, in the other size class: `ipados` for
    /// `ios` (compact width: iPhone) and `ios` for `ipados` (regular width: iPad); nil for the
    /// others, whose one size class is their own.
    public var sizeClassSibling: Platform? {
        switch self {
        case .ios: .ipados
        case .ipados: .ios
        case .macos, .watchos, .visionos, .android: nil
        }
    }
}

/// Layout direction (`direction:`).
public enum LayoutDirection: String, CaseIterable, Hashable, Sendable, Codable {
    case ltr, rtl
}
