// EarshotTesting: Earshot for Swift tests, in Swift Testing and XCTest.
//
// `import EarshotTesting` alone gives a test what it writes: the scene DSL and
// `Scene(contentsOf:)`, the assertions, and by name the types a test names —
// the scene model's values, the screen reader with its gestures and events,
// and the audit's findings and rules. The rest of those modules (layout,
// scope, profiles, the audit's formats, baselines and configuration, the
// speech-length estimate) stays out of a test's namespace; a test that needs
// it imports the module itself. `EarshotTestingExportTests` holds this line.
//
// EarshotScenario is not re-exported whole: its `Suite` and `Expectation`
// would clash with Swift Testing's names in every test file. Its loading
// error is re-exported by name, so `catch let error as LoadError` works,
// and so is Foundation's URL, for `Scene(contentsOf:)`.

// The scene model.
@_exported import struct EarshotCore.Announcement
@_exported import enum EarshotCore.ButtonRole
@_exported import struct EarshotCore.CustomAction
@_exported import struct EarshotCore.Detent
@_exported import enum EarshotCore.Earcon
@_exported import struct EarshotCore.Effect
@_exported import struct EarshotCore.EffectAction
@_exported import struct EarshotCore.Element
@_exported import struct EarshotCore.ElementRef
@_exported import enum EarshotCore.LayoutDirection
@_exported import struct EarshotCore.Page
@_exported import enum EarshotCore.Placement
@_exported import enum EarshotCore.Platform
@_exported import struct EarshotCore.Presentation
@_exported import enum EarshotCore.PresentationStyle
@_exported import enum EarshotCore.ContainerType
@_exported import struct EarshotCore.RunConfiguration
@_exported import enum EarshotCore.Role
@_exported import struct EarshotCore.Scene
@_exported import struct EarshotCore.SceneState
@_exported import struct EarshotCore.SourceLocation
@_exported import enum EarshotCore.SpeechPriority
@_exported import struct EarshotCore.Traits
@_exported import enum EarshotCore.ValueUnit

// The screen reader: gestures (its methods and `Gesture`), what it decided (`ReaderEvent`), transcripts.
@_exported import struct EarshotReader.FocusedElement
@_exported import struct EarshotReader.Gesture
@_exported import enum EarshotReader.ReaderEvent
@_exported import struct EarshotReader.SceneTree
@_exported import struct EarshotReader.ScreenReader
@_exported import enum EarshotReader.SpeechKind
@_exported import struct EarshotReader.StepLocation
@_exported import struct EarshotReader.StepRecord
@_exported import enum EarshotReader.Transcript
@_exported import struct EarshotReader.Utterance

// The audit: `scene.audit()` and what it reports.
@_exported import struct EarshotAudit.Auditor
@_exported import struct EarshotAudit.Finding
@_exported import struct EarshotAudit.Rule
@_exported import struct EarshotAudit.SceneAudit
@_exported import enum EarshotAudit.Severity

// Loading errors, and URL for `Scene(contentsOf:)`.
@_exported import struct EarshotScenario.Diagnostic
@_exported import struct EarshotScenario.LoadError
// A recording of real VoiceOver (`RecordingSession`, `VoiceOverRecorder`), for `earshot calibrate`.
@_exported import struct EarshotScenario.Recording
// When golden transcripts are written (`expectTranscript(matching:)`).
@_exported import enum EarshotRunner.RecordMode
@_exported import struct Foundation.URL
