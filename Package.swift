// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Earshot",
    // iOS for EarshotTesting in an app's unit-test target, and every module it depends on: none of
    // them spawns a process or links espeak-ng (IOSReachabilityTests holds that).
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .executable(name: "earshot", targets: ["earshot"]),
        .executable(name: "earshot-speech", targets: ["earshot-speech"]),
        .executable(name: "earshot-fuzz", targets: ["earshot-fuzz"]),
        .library(name: "EarshotCore", targets: ["EarshotCore"]),
        .library(name: "EarshotReader", targets: ["EarshotReader"]),
        .library(name: "EarshotSpeech", targets: ["EarshotSpeech"]),
        .library(name: "EarshotAudit", targets: ["EarshotAudit"]),
        .library(name: "EarshotScenario", targets: ["EarshotScenario"]),
        .library(name: "EarshotRunner", targets: ["EarshotRunner"]),
        .library(name: "EarshotSuite", targets: ["EarshotSuite"]),
        .library(name: "EarshotReports", targets: ["EarshotReports"]),
        .library(name: "EarshotFiles", targets: ["EarshotFiles"]),
        .library(name: "EarshotTesting", targets: ["EarshotTesting"]),
        .library(name: "EarshotCapture", targets: ["EarshotCapture"]),
        .library(name: "EarshotCalibration", targets: ["EarshotCalibration"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams.git", exact: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", exact: "1.8.2"),
        // The random-input tests' generators and shrinking (tests only; docs/decisions.md, "Packages").
        .package(url: "https://github.com/x-sheep/swift-property-based.git", exact: "2.0.1"),
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
        // It reads Japanese with CEarshotReadings (MeCab) before espeak-ng speaks it.
        .executableTarget(name: "earshot-speech", dependencies: ["CEspeakNG", "CEarshotWire", "CEarshotReadings"]),
        // Japanese read before it is spoken: MeCab, and Unihan's readings for the kanji it cannot
        // read (kanji.c, made by scripts/make-kanji-readings.py). The fuzzer links it too.
        .target(name: "CEarshotReadings", dependencies: ["CEarshotWire"], linkerSettings: [.linkedLibrary("mecab")]),
        // The speech worker's messages (kinds, layouts, statuses), one C header both ends read.
        .target(name: "CEarshotWire"),
        // Files read and written safely: regular files only, written under a temporary name.
        .target(name: "EarshotFiles"),
        .target(name: "EarshotSpeech", dependencies: ["EarshotCore", "EarshotFiles", "CEarshotWire"]),
        .target(name: "EarshotAudit", dependencies: ["EarshotCore", "EarshotReader"]),
        .target(name: "EarshotCapture", dependencies: ["EarshotCore"]),
        .target(
            name: "EarshotScenario",
            dependencies: ["EarshotCore", "EarshotReader", "EarshotAudit", "EarshotCapture", "EarshotFiles",
                           .product(name: "Yams", package: "Yams")]
        ),
        // Running a loaded scenario: the runner, its typed result and failure, golden transcripts.
        .target(name: "EarshotRunner", dependencies: ["EarshotCore", "EarshotReader", "EarshotAudit", "EarshotScenario", "EarshotFiles"]),
        // Suites: discovery, jobs and shards, speech into WAV and WebVTT.
        .target(
            name: "EarshotSuite",
            dependencies: ["EarshotCore", "EarshotReader", "EarshotSpeech", "EarshotAudit", "EarshotScenario", "EarshotRunner", "EarshotFiles"]
        ),
        // Recordings of real VoiceOver replayed in Earshot and compared (`earshot calibrate`), the
        // differences traced to profile facts, and the overlay that would settle them.
        .target(name: "EarshotCalibration", dependencies: ["EarshotCore", "EarshotReader", "EarshotScenario", "EarshotFiles"]),
        // Every output format (JUnit, JSON, SARIF, text, Markdown, HTML) and their registry: the
        // modules below export data, and this module words it.
        .target(
            name: "EarshotReports",
            dependencies: ["EarshotCore", "EarshotReader", "EarshotAudit", "EarshotScenario", "EarshotRunner", "EarshotFiles", "EarshotCalibration"]
        ),
        .target(
            name: "EarshotTesting",
            dependencies: ["EarshotCore", "EarshotReader", "EarshotAudit", "EarshotScenario", "EarshotRunner", "EarshotFiles"]
        ),
        .target(
            name: "EarshotBench",
            dependencies: ["EarshotCore", "EarshotReader", "EarshotSpeech", "EarshotScenario", "EarshotRunner", "EarshotSuite", "EarshotReports",
                           "EarshotCapture", "EarshotAudit", "EarshotFiles"]
        ),
        .executableTarget(
            name: "earshot",
            dependencies: [
                "EarshotCore", "EarshotReader", "EarshotSpeech", "EarshotAudit", "EarshotScenario", "EarshotRunner", "EarshotSuite",
                "EarshotReports", "EarshotBench", "EarshotCapture", "EarshotFiles", "EarshotCalibration",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // The JSON Schemas (docs/schema links to them): `earshot init` gives a new project the
            // schemas its files name.
            resources: [.copy("Resources/schema")]
        ),
        // `make generate`: the files made from the code's tables (the fuzz dictionary's keys and
        // values, the JSON Schemas' generated enums); `--check` says which are stale.
        .executableTarget(name: "earshot-generate", dependencies: ["EarshotAudit", "EarshotReports", "EarshotScenario"]),
        // libFuzzer's target for the loaders and the importer (`make fuzz`); built plainly, it
        // replays inputs. It loads and imports only: no speech worker, no libespeak-ng (it links
        // CEarshotReadings, MeCab, for the Japanese reading).
        .executableTarget(
            name: "earshot-fuzz",
            dependencies: ["EarshotCore", "EarshotScenario", "EarshotRunner", "EarshotCapture", "EarshotAudit", "EarshotSuite", "EarshotReports",
                           "EarshotSpeech", "EarshotCalibration", "EarshotFiles", "CEarshotReadings", .product(name: "Yams", package: "Yams")]
        ),
        // What the test targets share: the repository's root, the Python the schema checks run,
        // the audit rules' fixtures. One test target per module, each named after it.
        .target(name: "EarshotTestSupport", dependencies: ["EarshotAudit", "EarshotFiles", "EarshotScenario"], path: "Tests/EarshotTestSupport"),
        .testTarget(name: "EarshotCoreTests", dependencies: ["EarshotCore", "EarshotTestSupport"]),
        .testTarget(name: "EarshotAuditTests", dependencies: ["EarshotAudit", "EarshotScenario", "EarshotReports", "EarshotTestSupport"],
                    exclude: ["Rules", "Policy"]),
        .testTarget(name: "EarshotReaderTests", dependencies: ["EarshotReader", "EarshotScenario", "EarshotTestSupport",
                                                               .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(name: "EarshotSpeechTests",
                    dependencies: ["EarshotSpeech", "EarshotReader", "EarshotScenario", "EarshotFiles", "EarshotTestSupport"]),
        .testTarget(
            name: "EarshotScenarioTests",
            dependencies: ["EarshotScenario", "EarshotFiles", "EarshotTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "EarshotRunnerTests", dependencies: ["EarshotRunner", "EarshotScenario", "EarshotTestSupport"]),
        .testTarget(name: "EarshotFilesTests", dependencies: ["EarshotFiles", "EarshotTestSupport"]),
        .testTarget(name: "EarshotCalibrationTests", dependencies: ["EarshotCalibration", "EarshotScenario", "EarshotAudit", "EarshotTestSupport"]),
        .testTarget(name: "EarshotSuiteTests", dependencies: ["EarshotSuite", "EarshotScenario", "EarshotRunner", "EarshotSpeech", "EarshotFiles", "EarshotTestSupport"]),
        .testTarget(
            name: "EarshotReportsTests",
            dependencies: ["EarshotReports", "EarshotScenario", "EarshotRunner", "EarshotSuite", "EarshotFiles", "EarshotCalibration", "EarshotTestSupport"]
        ),
        .testTarget(name: "EarshotCLITests", dependencies: ["earshot", "EarshotBench", "EarshotTestSupport", .product(name: "Yams", package: "Yams")]),
        .testTarget(
            name: "EarshotTestingTests",
            dependencies: ["EarshotTesting", "EarshotScenario", "EarshotRunner", "EarshotTestSupport"],
            exclude: ["__Transcripts__"]
        ),
        .testTarget(name: "EarshotBenchTests",
                    dependencies: ["EarshotBench", "EarshotReader", "EarshotCapture", "EarshotAudit", "EarshotScenario", "EarshotTestSupport"]),
        .testTarget(
            name: "EarshotCaptureTests",
            dependencies: ["EarshotCapture", "EarshotScenario", "EarshotReader", "EarshotTestSupport"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
