#if canImport(Glibc)
  import Foundation
  import Testing

  @testable import Simulation

  /// The run-queue delay read from `/proc/thread-self/schedstat`, parsed in place.
  struct SchedulerStatisticsTests {
    private func field(_ text: String) -> Int64? {
      Array(text.utf8).withUnsafeBufferPointer { SchedulerStatistics.secondField($0) }
    }

    @Test func theSecondNumberIsTheRunQueueDelay() {
      #expect(field("8123456 4567 12\n") == 4567)
      #expect(field("0 0 0\n") == 0)
      #expect(field("1 987654321012345678") == 987_654_321_012_345_678)
    }

    @Test func aLineWithoutASecondNumberGivesNothing() {
      #expect(field("8123456") == nil)
      #expect(field("8123456 ") == nil)
      #expect(field("8123456 45x 1") == nil)
      #expect(field("") == nil)
    }

    @Test(
      "the kernel's delay is read and never goes back",
      .enabled(
        if: FileManager.default.fileExists(atPath: "/proc/thread-self/schedstat"),
        "a kernel without scheduler statistics: ThreadClock falls back to the CPU clock"))
    func theKernelsDelayIsReadAndNeverGoesBack() throws {
      let first = try #require(SchedulerStatistics.runQueueDelay())
      let second = try #require(SchedulerStatistics.runQueueDelay())
      #expect(first >= .zero)
      #expect(second >= first)
    }
  }
#endif
