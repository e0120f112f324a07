import Foundation

/// Where a module's resources are, found without `Bundle.module`, whose accessor stops the
/// process (a signal) when they are not where the build put them: a binary copied to another
/// folder, a CI cache or `PATH` must say what is missing instead (exit 3, in `earshot`).
///
/// SwiftPM puts a module's resources in `PACKAGE_MODULE.resources` (Linux) or
/// `PACKAGE_MODULE.bundle` (macOS) beside the executable that uses them, and `make install`
/// copies them there; a test runner finds them beside itself in the build folder.
public enum ResourceFolder {
    /// The folder `subfolder` of module `module`'s resources beside the running executable (or
    /// beside the main bundle), holding `probe`; nil when there is none.
    public static func locate(module: String, subfolder: String, probe: String) -> URL? {
        var places: [URL] = []
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent() {
            places.append(executable)
        }
        places.append(Bundle.main.bundleURL)
        for place in places {
            for bundle in ["Earshot_\(module).resources", "Earshot_\(module).bundle", "Earshot_\(module).bundle/Contents/Resources"] {
                let folder = place.appendingPathComponent(bundle).appendingPathComponent(subfolder)
                if FileManager.default.fileExists(atPath: folder.appendingPathComponent(probe).path) { return folder }
            }
        }
        return nil
    }

    /// The platform profiles' folder (`Earshot_EarshotCore.resources/Profiles`).
    public static let profiles = locate(module: "EarshotCore", subfolder: "Profiles", probe: "ios.en.json")

    /// What to say when the profiles are not found.
    public static var profilesMissing: String {
        let place = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent().path ?? "the executable's folder"
        return "Earshot's platform profiles (the folder Earshot_EarshotCore.resources) are not beside the binary in \(place): "
            + "copy that folder from the build (.build/release/) beside it, or install with: make install PREFIX=…"
    }
}
