import Simulation
import SpeechReplay
import Testing

@Suite struct LeakAnalysisTests {
  func snapshots(
    _ count: Int, objects: (Int) -> [String: Int], resources: (Int) -> [String: Int] = { _ in [:] },
    heap: (Int) -> Int = { _ in 0 }
  )
    -> [LedgerSnapshot]
  {
    (0..<count).map {
      LedgerSnapshot(resources: resources($0), objects: objects($0), heapInUse: heap($0), residentBytes: 0)
    }
  }

  @Test func aCountGrowingInEveryWindowIsALeakNamedWithItsRate() throws {
    let analysis = try #require(
      LeakAnalysis(snapshots(11, objects: { ["SpeechTwin.SpeechAnalyzer": $0 + 1, "Stable": 3] }), window: 5))
    #expect(analysis.windows == 2)
    #expect(analysis.leaks.map(\.name) == ["SpeechTwin.SpeechAnalyzer"])
    #expect(analysis.leaks.first?.perCycle == 1)
    #expect(
      analysis.leaks.first?.description == "live SpeechTwin.SpeechAnalyzer objects grew from 1 to 11 (+1 per cycle)")
  }

  @Test func oneTimeGrowthIsNoLeak() throws {
    // A cache filled during pass 3 and then stable: grows in the first window only.
    let analysis = try #require(LeakAnalysis(snapshots(11, objects: { ["Cache": $0 >= 2 ? 5 : 1] }), window: 5))
    #expect(analysis.leaks.isEmpty)
  }

  @Test func resourcesAndSlowLeaksAreFound() throws {
    // One task every other pass: grows in each window of 4.
    let analysis = try #require(
      LeakAnalysis(snapshots(13, objects: { _ in [:] }, resources: { ["tasks": $0 / 2] }), window: 4))
    #expect(analysis.leaks.map(\.kind) == [.resource])
    #expect(analysis.leaks.first?.perCycle == 0.5)
    #expect(analysis.leaks.first?.description == "ledger resource 'tasks' grew from 0 to 6 (+0.5 per cycle)")
  }

  @Test func heapGrowthIsMeasuredPerCycle() throws {
    let analysis = try #require(
      LeakAnalysis(snapshots(7, objects: { _ in [:] }, heap: { 1000 + 4096 * $0 }), window: 3))
    #expect(analysis.heapBytesPerCycle == 4096)
    #expect(analysis.heapGrowsInEveryWindow)
    let flat = try #require(
      LeakAnalysis(snapshots(7, objects: { _ in [:] }, heap: { $0 == 3 ? 9000 : 1000 }), window: 3))
    #expect(!flat.heapGrowsInEveryWindow)
  }

  @Test func fewerThanTwoWindowsCannotBeJudged() {
    #expect(LeakAnalysis(snapshots(10, objects: { ["A": $0] }), window: 5) == nil, "passes 1, 6 and 11 are needed")
    #expect(LeakAnalysis([], window: 1) == nil)
  }
}
