// swift-tools-version:6.0
// An app's test package using Earshot through `EarshotTesting` alone.
// `swift test` here builds Earshot from the checkout two folders up.
import PackageDescription

let package = Package(
    name: "SwiftTestingExample",
    platforms: [.macOS(.v13)],
    dependencies: [
        // By path. The name keeps `package: "Earshot"` working whatever the
        // checkout's folder is called (a path dependency is otherwise known
        // by its folder's name).
        .package(name: "Earshot", path: "../.."),
    ],
    targets: [
        .testTarget(
            name: "MailTests",
            dependencies: [.product(name: "EarshotTesting", package: "Earshot")],
            // Golden transcripts live beside the tests; they are not sources.
            exclude: ["__Transcripts__"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
