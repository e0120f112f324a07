@testable import EarshotScenario
import EarshotCore
import EarshotFiles
import Foundation
import Testing

/// Threads with large stacks that cannot start (a memory limit too low for their stacks) are said,
/// never waited for: every command hung under `ulimit -v`.
@Suite("Threads that cannot start")
struct LargeStackTests {
    /// A stack no system gives.
    static let impossible = 1 << 60

    @Test func lanesThatCannotStartLeaveTheWorkToThoseThatDo() throws {
        let done = DispatchSemaphore(value: 0)
        let ran = Ran()
        let started = try LargeStack.start(lanes: 3, stackSize: { $0 == 1 ? LargeStack.size : Self.impossible }, { lane in
            ran.add(lane)
        }, whenDone: { done.signal() })
        #expect(started == 1)
        // The work's end is still signalled, once the one lane that started ends.
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(ran.lanes == [1])
    }

    @Test func whenNoLaneStartsItIsAnErrorThatSaysWhatRanOut() throws {
        let error = try #require(throws: SystemThread.StartError.self) {
            try LargeStack.start(lanes: 2, stackSize: { _ in Self.impossible }, { _ in }, whenDone: {})
        }
        #expect(error.description.hasPrefix("cannot start a thread with a \(Self.impossible >> 20) MB stack ("))
        #expect(error.description.contains("address space"))
    }

    /// Loading that cannot have its thread is the machine's problem (exit 3), not the file's.
    @Test func aLoadingThreadThatCannotStartBlamesTheEnvironment() {
        let error = LoadError(environment: SystemThread.StartError(stackSize: LargeStack.size, code: EAGAIN))
        #expect(error.isEnvironment)
        #expect(error.description.hasPrefix("earshot: error: cannot start a thread with a 256 MB stack (Resource temporarily unavailable)"))
        #expect(!LoadError("x", at: EarshotCore.SourceLocation(file: "a.yaml", line: 1, column: 1)).isEnvironment)
    }

    private final class Ran: @unchecked Sendable {
        private let lock = NSLock()
        private var ran: [Int] = []
        var lanes: [Int] { lock.lock(); defer { lock.unlock() }; return ran }
        func add(_ lane: Int) { lock.lock(); ran.append(lane); lock.unlock() }
    }
}
