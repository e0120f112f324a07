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
    /// Where the profile's facts come from.
    public var source: String
    public var words: Words
    public var hints: Hints
    public var rotors: Rotors
    /// Nil where the platform shows no grabber (macOS, watchOS, visionOS).
    public var grabber: Grabber?
    /// The label of the system Back button of multi-page sheets.
    public var backLabel: String
    public var geometry: Geometry
    /// The scrub handling of a sheet when the file does not say (`escape:`).
    public var escape: Escape
    /// Sheets are always modal here (macOS, visionOS, watchOS; HIG "Sheets").
    public var sheetsAlwaysModal: Bool
    /// Bar-button labels the audits accept (HIG and the mobile sheet guideline).
    public var barActions: [String]

    /// The trait and state words of SPEC §4.2, without their final period.
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
    }

    /// The system hints of SPEC §4.2.
    public struct Hints: Hashable, Sendable, Codable {
        public var textEntry: String
        public var toggle: String
        public var adjustable: String
        public var actionsAvailable: String
    }

    /// What `rotor:` speaks for each rotor.
    public struct Rotors: Hashable, Sendable, Codable {
        public var actions: String
        public var headings: String
        public var links: String
        public var containers: String
        public var adjust: String
    }

    /// The system-made grabber: its label, its value per detent, and where they were seen.
    public struct Grabber: Hashable, Sendable, Codable {
        public var label: String
        /// Values for `medium` and `large`; a custom detent speaks its id.
        public var values: [String: String]
        public var source: String
    }

    public struct Escape: Hashable, Sendable, Codable {
        public var `default`: EscapeHandling
        public var source: String
    }

    /// Sizes in points (SPEC §2.1).
    public struct Geometry: Hashable, Sendable, Codable {
        public var screen: [Double]
        public var safeTop: Double
        /// A child joins a row when its `y` is less than this far below the row's first child.
        public var rowThreshold: Double
        public var rowThresholdSource: String
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
    }

    public enum BarPlacement: String, Hashable, Sendable, Codable { case top, bottom }

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
}

extension Profile {
    /// Languages with a profile for every platform.
    public static let languages = ["en"]

    /// The profile shipped with Earshot for a platform and language.
    ///
    /// Profiles are constant data read from the package's own resources;
    /// they are cached for the life of the process.
    public static func bundled(_ platform: Platform, language: String = "en") throws -> Profile {
        try ProfileStore.shared.profile(platform, language: language)
    }
}

/// Loads each bundled profile once per process.
final class ProfileStore: @unchecked Sendable {
    static let shared = ProfileStore()
    private let lock = NSLock()
    private var cache: [String: Profile] = [:]

    func profile(_ platform: Platform, language: String) throws -> Profile {
        let name = "\(platform.rawValue).\(language)"
        lock.lock()
        defer { lock.unlock() }
        if let cached = cache[name] { return cached }
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Profiles")
        else {
            throw ProfileError(description: "no profile for platform '\(platform.rawValue)' in language '\(language)' (expected one of: \(Profile.languages.joined(separator: ", ")))")
        }
        do {
            let profile = try JSONDecoder().decode(Profile.self, from: Data(contentsOf: url))
            cache[name] = profile
            return profile
        } catch {
            throw ProfileError(description: "the bundled profile \(name).json cannot be read: \(error)")
        }
    }
}
