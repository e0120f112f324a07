/// The platform a scene is for (`platform:`); it picks the profile.
public enum Platform: String, CaseIterable, Hashable, Sendable, Codable {
    case ios, ipados, macos, watchos, visionos
}

/// Layout direction (`direction:`).
public enum LayoutDirection: String, CaseIterable, Hashable, Sendable, Codable {
    case ltr, rtl
}
