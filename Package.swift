// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Earshot",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "earshot", targets: ["earshot"]),
        .executable(name: "earshot-speech", targets: ["earshot-speech"]),
        .executable(name: "earshot-fuzz", targets: ["earshot-fuzz"]),
        .library(name: "EarshotCore", targets: ["EarshotCore"]),
        .library(name: "EarshotReader", targets: ["EarshotReader"]),
        .library(name: "EarshotSpeech", targets: ["EarshotSpeech"]),
        .library(name: "EarshotAudit", targets: ["EarshotAudit"]),
        .library(name: "EarshotScenario", targets: ["EarshotScenario"]),
        .library(name: "EarshotTesting", targets: ["EarshotTesting"]),
        .library(name: "EarshotCapture", targets: ["EarshotCapture"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams.git", exact: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", exact: "1.8.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CEspeakNG",
            pkgConfig: "espeak-ng",
            providers: [.apt(["libespeak-ng-dev"]), .brew(["espeak-ng"])]
        ),
        .target(
            name: "EarshotCore",
            resources: [.copy("Resources/Profiles")]
        ),
        .target(name: "EarshotReader", dependencies: ["EarshotCore"]),
        // The speech worker: the only thing that links libespeak-ng (Sources/earshot-speech/main.c).
        // No target depends on it, so that none links the library; build it with `earshot`
        // (`swift build --product earshot-speech`), and keep it beside the earshot binary.
        .executableTarget(name: "earshot-speech", dependencies: ["CEspeakNG"]),
        .target(name: "EarshotSpeech", dependencies: ["EarshotCore"]),
        .target(name: "EarshotAudit", dependencies: ["EarshotCore", "EarshotReader"]),
        .target(name: "EarshotCapture", dependencies: ["EarshotCore"]),
        .target(
            name: "EarshotScenario",
            dependencies: ["EarshotCore", "EarshotReader", "EarshotSpeech", "EarshotAudit", "EarshotCapture",
                           .product(name: "Yams", package: "Yams")]
        ),
        .target(
            name: "EarshotTesting",
            dependencies: ["EarshotCore", "EarshotReader", "EarshotAudit", "EarshotScenario"]
        ),
        .target(
            name: "EarshotBench",
            dependencies: ["EarshotCore", "EarshotReader", "EarshotSpeech", "EarshotScenario", "EarshotCapture", "EarshotAudit"]
        ),
        .executableTarget(
            name: "earshot",
            dependencies: [
                "EarshotCore", "EarshotReader", "EarshotSpeech", "EarshotAudit", "EarshotScenario", "EarshotBench",
                "EarshotCapture",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // libFuzzer's target for the loaders and the importer (`make fuzz`); built plainly, it
        // replays inputs. It loads and imports only: no speech worker, no libespeak-ng.
        .executableTarget(
            name: "earshot-fuzz",
            dependencies: ["EarshotCore", "EarshotScenario", "EarshotCapture", "EarshotAudit", .product(name: "Yams", package: "Yams")]
        ),
        .testTarget(name: "EarshotCoreTests", dependencies: ["EarshotCore"]),
        .testTarget(name: "EarshotAuditTests", dependencies: ["EarshotAudit", "EarshotScenario"], exclude: ["Rules", "Policy"]),
        .testTarget(name: "EarshotReaderTests", dependencies: ["EarshotReader", "EarshotScenario"]),
        .testTarget(name: "EarshotSpeechTests", dependencies: ["EarshotSpeech", "EarshotReader", "EarshotScenario"]),
        .testTarget(
            name: "EarshotScenarioTests",
            dependencies: ["EarshotScenario"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "EarshotCLITests", dependencies: ["earshot"]),
        .testTarget(
            name: "EarshotTestingTests",
            dependencies: ["EarshotTesting", "EarshotScenario"],
            exclude: ["__Transcripts__"]
        ),
        .testTarget(name: "EarshotBenchTests", dependencies: ["EarshotBench", "EarshotReader", "EarshotCapture", "EarshotAudit"]),
        .testTarget(
            name: "EarshotCaptureTests",
            dependencies: ["EarshotCapture", "EarshotScenario", "EarshotReader"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
