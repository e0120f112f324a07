/// The platform a scene is for (`platform:`); it picks the profile.
public enum Platform: String, CaseIterable, Hashable, Sendable, Codable {
    case ios, ipados, macos, watchos, visionos

    /// The platform of the same app on the other device, in the other size class: `ipados` for
    /// `ios` (compact width: iPhone) and `ios` for `ipados` (regular width: iPad); nil for the
    /// others, whose one size class is their own.
    public var sizeClassSibling: Platform? {
        switch self {
        case .ios: .ipados
        case .ipados: .ios
        case .macos, .watchos, .visionos: nil
        }
    }
}

/// Layout direction (`direction:`).
public enum LayoutDirection: String, CaseIterable, Hashable, Sendable, Codable {
    case ltr, rtl
}
