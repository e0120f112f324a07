// EarshotTesting: Earshot for Swift tests, in Swift Testing and XCTest.
//
// `import EarshotTesting` alone gives a test the scene model (EarshotCore),
// the screen reader and its events (EarshotReader), the audits
// (EarshotAudit), loading errors, the scene DSL and the assertions.
//
// EarshotScenario is not re-exported whole: its `Suite` and `Expectation`
// would clash with Swift Testing's names in every test file. Its loading
// error is re-exported by name, so `catch let error as LoadError` works,
// and so is Foundation's URL, for `Scene(contentsOf:)`.

@_exported import EarshotAudit
@_exported import EarshotCore
@_exported import EarshotReader
@_exported import struct EarshotScenario.Diagnostic
@_exported import struct EarshotScenario.LoadError
@_exported import struct Foundation.URL
