@testable import EarshotScenario
@testable import EarshotSuite
import Foundation
import Testing

/// Loading lanes take a folder's files at a time, so that two lanes do not parse one scene together.
@Suite("Loading lanes")
struct FolderQueueTests {
    @Test func lanesTakeFoldersWholeInTheOrderTheirFirstFileComes() {
        let files = ["mail/a.yaml", "mail/b.yaml", "notes/a.yaml", "mail/c.yaml", "x.yaml", "notes/b.yaml"]
        let queue = FolderQueue(files)
        var groups: [[Int]] = []
        while let group = queue.next() { groups.append(group) }
        #expect(groups == [[0, 1, 3], [2, 5], [4]])
        #expect(queue.next() == nil)
    }

    @Test func everyFileIsTakenOnceByLanesSideBySide() async {
        let files = (0..<200).map { "folder\($0 % 17)/scenario\($0).yaml" }
        let queue = FolderQueue(files)
        let taken = await withTaskGroup(of: [Int].self) { group in
            for _ in 0..<4 {
                group.addTask {
                    var mine: [Int] = []
                    while let next = queue.next() { mine += next }
                    return mine
                }
            }
            return await group.reduce(into: [Int]()) { $0 += $1 }
        }
        #expect(taken.sorted() == Array(0..<200))
    }
}

/// `--jobs N` is N lanes: one job runs the scenarios one after another (the baseline more jobs
/// are measured against), and a run asks for the cores unless told otherwise.
@Suite("Jobs and lanes")
struct JobLaneTests {
    @Test func oneJobIsOneLane() {
        #expect(Suite.lanes(jobs: 1, files: 100) == 1)
        #expect(Suite.lanes(jobs: 2, files: 100) == 2)
        #expect(Suite.lanes(jobs: 8, files: 5) == 2, "each lane has two files to run")
        #expect(Suite.lanes(jobs: 0, files: 1) == 1)
    }

    @Test func aRunTakesTheCoresUnlessTold() {
        #expect(Suite.Options().jobs == ProcessInfo.processInfo.activeProcessorCount)
    }
}
