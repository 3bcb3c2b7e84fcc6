public import SpeechReplay
public import Testing

/// A trait that writes golden snapshot files in a record mode while its tests run, and runs those
/// tests one at a time (golden files are shared between them).
///
/// ```swift
/// @Suite(.recordingSnapshots(.missing)) struct DictationScenarios {
///   @Test func helloWorld() { expectScenario("Scenarios/hello-world.yaml", subject: .myDictation) }
/// }
/// ```
///
/// Runners without their own `SnapshotOptions` use the mode (it wins over `SPEECH_REPLAY_RECORD`);
/// a run that writes a file still fails, so the new file is reviewed before it is committed.
public struct RecordingSnapshotsTrait: SuiteTrait, TestTrait, TestScoping {
  /// When golden files are written.
  public var mode: SnapshotRecordMode

  /// Applies to every test of a suite.
  public var isRecursive: Bool { true }

  public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    // One scope per test case: a suite-wide scope would hold the turn its own tests wait for.
    testCase == nil ? nil : self
  }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    try await RecordingTurn.shared.withTurn {
      try await SnapshotRecordMode.$scoped.withValue(mode) { try await function() }
    }
  }
}

extension Trait where Self == RecordingSnapshotsTrait {
  /// Writes golden files in `mode` while the suite's (or test's) scenarios run, one test at a time.
  /// - Parameter mode: `missing` to add new golden files, `failed` to rewrite mismatching ones, `all`.
  public static func recordingSnapshots(_ mode: SnapshotRecordMode) -> Self { RecordingSnapshotsTrait(mode: mode) }
}

/// One test at a time among the tests that record golden files.
actor RecordingTurn {
  static let shared = RecordingTurn()
  private var busy = false
  private var waiting: [CheckedContinuation<Void, Never>] = []

  func withTurn(_ body: @Sendable () async throws -> Void) async throws {
    if busy {
      await withCheckedContinuation { waiting.append($0) }
    } else {
      busy = true
    }
    defer {
      if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
    }
    try await body()
  }
}
