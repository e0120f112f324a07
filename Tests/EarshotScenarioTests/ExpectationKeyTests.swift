import EarshotScenario
import Testing

/// Expectation keys are an enum the compiler holds complete: each key's kind has that key, and
/// every kind is in the table.
@Suite("Expectation keys")
struct ExpectationKeyTests {
    @Test func eachKeyMapsToItsKindAndTheTableHoldsThemAll() {
        #expect(Expectation.Kind.Key.allCases.allSatisfy { $0.kind.name == $0.rawValue })
        #expect(Expectation.Kind.all.map(\.name) == Expectation.Kind.Key.allCases.map(\.rawValue))
    }
}
