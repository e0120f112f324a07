import EarshotCore
import EarshotReader

/// Times the screen reader on a generated scene: `swipeRight` walked end to
/// end, and a sheet presented and dismissed over it.
///
/// ```swift
/// let scene = try SceneGenerator(elements: 10_000).scene()
/// let walk = StepBench.walk(scene, slices: 8, stepsPerSlice: 100_000)
/// walk.stepsPerSecond // the best slice's rate
/// ```
public enum StepBench {
    /// What walking a scene measured.
    public struct Walk: Sendable {
        /// Elements in scope, each visited once per walk.
        public var scope: Int
        public var walks: Int
        /// `swipeRight` calls timed, over every walk (the last of each walk sounds `boundary`).
        public var steps: Int
        public var seconds: Double
        /// The best slice's rate (the slice least disturbed by other work on the machine).
        public var stepsPerSecond: Double
        /// Steps per second of this thread's CPU time, over all walks (for comparing builds on a busy machine).
        public var stepsPerCPUSecond: Double
    }

    /// A reader on the scene with the sheet presented (nonmodal, over part of
    /// the parent) and the cursor on the first element in scope; its scope is computed.
    public static func preparedReader(_ scene: Scene) -> ScreenReader {
        var reader = ScreenReader(scene: scene)
        reader.touch(SceneGenerator.presenterID)
        reader.doubleTap()
        reader.first()
        return reader
    }

    /// Walks the scope with `swipeRight` from its first element past its last, on a fresh reader
    /// each time, in `slices` slices of at least `stepsPerSlice` steps (many walks of a small scene,
    /// one of a large one), so that every size is judged alike: its rate is that of its best slice,
    /// the one least disturbed by other work on the machine. Only the `swipeRight` calls are timed.
    public static func walk(_ scene: Scene, slices: Int = 8, stepsPerSlice: Int = 100_000) -> Walk {
        var rates: [Double] = []
        var steps = 0
        var seconds = 0.0
        var cpu = 0.0
        var scopeCount = 0
        var walks = 0
        for _ in 0..<max(1, slices) {
            var sliceSteps = 0
            var sliceSeconds = 0.0
            repeat {
                var reader = preparedReader(scene)
                let count = reader.scope.count
                scopeCount = count
                // From the first element: count - 1 moves, then `boundary` at the end.
                let cpuStart = Stopwatch.threadCPU()
                let elapsed = Stopwatch.seconds {
                    for _ in 0..<count { reader.swipeRight() }
                }
                cpu += Stopwatch.threadCPU() - cpuStart
                precondition(reader.cursor == reader.scope.last && reader.earcons == [.boundary],
                             "the walk did not reach the end of the scope")
                sliceSteps += count
                sliceSeconds += elapsed
                walks += 1
            } while sliceSteps < stepsPerSlice
            rates.append(Double(sliceSteps) / max(sliceSeconds, 1e-9))
            steps += sliceSteps
            seconds += sliceSeconds
        }
        return Walk(scope: scopeCount, walks: walks, steps: steps, seconds: seconds,
                    stepsPerSecond: rates.max() ?? 0, stepsPerCPUSecond: Double(steps) / max(cpu, 1e-9))
    }

    /// What presenting and dismissing measured.
    public struct PresentDismiss: Sendable {
        /// Each cycle presents the sheet (double tap on its presenter) and dismisses it (double tap on Done).
        public var cycles: Int
        public var seconds: Double
        public var cyclesPerSecond: Double { Double(cycles) / max(seconds, 1e-9) }
    }

    /// Presents and dismisses the sheet over the scene's parent, for at least
    /// `minimumSeconds` and `minimumCycles`.
    public static func presentAndDismiss(_ scene: Scene, minimumCycles: Int, minimumSeconds: Double) -> PresentDismiss {
        var reader = ScreenReader(scene: scene)
        reader.touch(SceneGenerator.presenterID)
        var cycles = 0
        var seconds = 0.0
        repeat {
            seconds += Stopwatch.seconds {
                for _ in 0..<10 {
                    reader.doubleTap()   // presents; the cursor goes to Done
                    reader.doubleTap()   // Done dismisses; the cursor returns to the presenter
                }
            }
            cycles += 10
        } while cycles < minimumCycles || seconds < minimumSeconds
        precondition(reader.presented == nil && reader.focused?.id == SceneGenerator.presenterID,
                     "presenting and dismissing did not come back to the presenter")
        return PresentDismiss(cycles: cycles, seconds: seconds)
    }
}
