import Foundation
import SimulatedDevice
import Simulation

/// Checks the invariants on a run's timeline: the `ui.state` events in order, `analyzer.input`,
/// `analyzer.result`, ledger acquisitions and releases, and the stack's `stack.input` reports.
///
/// ```swift
/// let violations = InvariantChecker(timeline: run.timeline).violations()
/// ```
///
/// Each invariant reports at most its first break, so one fault gives one readable line.
public struct InvariantChecker: Sendable {
  /// The timeline checked.
  public var timeline: Timeline
  /// How many trace events the run had once the steps' effects settled, before the subject was let
  /// go of: where `ledger-baseline-after-stop` measures (nil: at the last UI state or return).
  package var settledEventCount: Int?
  /// The most tap buffers the scenario lets a stack queue (`subject.inputBufferLimit`): a stack
  /// that reports no input queue may lag this many tap intervals beyond ``maximumInputLag``.
  package var queueAllowance: Int?
  /// How far the analyzer may fall behind when the stack reports no input limit.
  public var maximumInputLag: Duration
  /// The lag bound a scenario's `expect.invariants.maximumInputLag` defaults to.
  public static let defaultMaximumInputLag: Duration = .seconds(2)
  /// Main-actor jobs the simulation measured over the hang bound (`Simulation.Report.mainActorHangs`).
  public var mainActorHangs: [MainActorHang]
  /// The hang bound they were measured against, for messages.
  public var mainActorHangBound: Duration
  /// The model's compute cost per second of audio (0 when compute is free): a slow model reads
  /// long buffers late, which `listening-hears-audio` allows for.
  public var modelCost: Double = 0
  /// The microphone's configured time between tap buffers (tap frames ÷ sample rate, plus jitter;
  /// zero when unknown), the least `listening-hears-audio` allows between buffers.
  public var tapInterval: Duration = .zero
  /// The hang bound a scenario's `expect.invariants.mainActorHang` defaults to: Apple's hang
  /// reporting starts at 250 ms.
  public static let defaultMainActorHang: Duration = .milliseconds(250)
  /// The most analyzer sessions a stack may open per second after a failure without a tap by the
  /// user (`restart-backoff`).
  package var maximumRestartsPerSecond = defaultMaximumRestartsPerSecond
  /// The restart bound a scenario's `expect.invariants.maximumRestartsPerSecond` defaults to.
  package static let defaultMaximumRestartsPerSecond = 3
  /// The audio-buffer memory the device sampled while the microphone delivered (`memory-bounded`).
  package var bufferMemory: [BufferMemorySample] = []
  /// The most the buffers a stack holds may grow per minute of audio (`memory-bounded`), in bytes.
  package var bufferGrowthPerMinute = defaultBufferGrowthPerMinute
  /// The growth bound a scenario's `expect.invariants.bufferGrowthPerMinute` defaults to: 1 MiB, a
  /// twelfth of what keeping every 48 kHz Float32 tap buffer costs (11 MB a minute), half of what
  /// keeping every converted 16 kHz Int16 buffer costs (1.9 MB a minute).
  package static let defaultBufferGrowthPerMinute = 1 << 20
  /// What is wrong with each input kind, worked out once per checker: several invariants read
  /// the same kinds, and reading a ten-minute timeline's thousands of events once per invariant
  /// was most of a replay's post-run time.
  private let inputProblems = InputProblems()

  /// Creates a checker.
  /// - Parameters:
  ///   - timeline: The run's timeline.
  ///   - maximumInputLag: The lag bound for stacks that report no input limit (2 s by default).
  ///   - mainActorHangs: Main-actor jobs measured over `mainActorHangBound` (none by default).
  ///   - mainActorHangBound: The bound they were measured against.
  public init(
    timeline: Timeline, maximumInputLag: Duration = defaultMaximumInputLag, mainActorHangs: [MainActorHang] = [],
    mainActorHangBound: Duration = defaultMainActorHang
  ) {
    self.timeline = timeline
    self.maximumInputLag = maximumInputLag
    self.mainActorHangs = mainActorHangs
    self.mainActorHangBound = mainActorHangBound
  }

  /// The first break of each invariant asked for, in the order of `invariants`.
  /// - Parameter invariants: The invariants to check (all by default).
  /// - Returns: One violation per broken invariant; empty when all hold.
  public func violations(of invariants: [Invariant] = Invariant.allCases) -> [InvariantViolation] {
    invariants.compactMap { firstViolation(of: $0) }
  }

  /// The first break of `invariant`, or nil when it holds.
  ///
  /// When the run did the work that records the events the invariant reads and they are missing
  /// (or unreadable), the result is a violation that says the invariant cannot be checked
  /// (``InvariantViolation/cannotBeChecked``), never a pass.
  /// - Parameter invariant: The invariant.
  /// - Returns: The violation, or nil.
  public func firstViolation(of invariant: Invariant) -> InvariantViolation? {
    for input in invariant.inputs {
      guard let problem = inputProblems.problem(of: input, in: timeline) else { continue }
      return InvariantViolation(invariant, at: timeline.events.last?.time ?? .zero, problem, cannotBeChecked: true)
    }
    return switch invariant {
    case .committedAppendOnly: committedAppendOnly()
    case .noStutter: noStutter()
    case .volatileClearedWhenFinal: volatileClearedWhenFinal()
    case .nothingLostAtStop: nothingLostAtStop()
    case .analyzerInputFormat: analyzerInputFormat()
    case .ledgerBaselineAfterStop: ledgerBaselineAfterStop()
    case .inputBounded: inputBounded()
    case .mainActorResponsive: mainActorResponsive()
    case .listeningHearsAudio: listeningHearsAudio()
    case .committedIsFinals: committedIsFinals()
    case .restartBackoff: restartBackoff()
    case .memoryBounded: memoryBounded()
    }
  }

  func mainActorResponsive() -> InvariantViolation? {
    guard let hang = mainActorHangs.first else { return nil }
    let more = mainActorHangs.count > 1 ? " (\(mainActorHangs.count) such jobs in the run)" : ""
    return InvariantViolation(
      .mainActorResponsive, at: hang.virtualTime,
      "a main-actor job held the main actor for \(Self.milliseconds(hang.wallTime)) of wall time, over the hang bound of \(Self.milliseconds(mainActorHangBound))\(more); "
        + "\(hang.origin). On a device the UI freezes meanwhile (virtual time does not move during a job, so only wall time shows it)"
    )
  }

  private static func milliseconds(_ duration: Duration) -> String {
    "\(Int((Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15).rounded())) ms"
  }

  /// Words as compared for text invariants: lower case, punctuation removed.
  package static func words(_ text: String) -> [String] {
    ASCIIWords.split(text).map(comparedWord).filter { !$0.isEmpty }
  }

  /// The last `limit` of ``words(_:)`` (fewer when the text has fewer), read from the end of the
  /// text, so a check that needs only the tail of a long committed text does not split all of it.
  package static func lastWords(_ text: String, atMost limit: Int) -> [String] {
    var found: [String] = []
    var end = text.endIndex, index = text.endIndex
    func take(_ token: Substring) {
      let word = comparedWord(token)
      if !word.isEmpty { found.append(word) }
    }
    while found.count < limit, index > text.startIndex {
      let before = text.index(before: index)
      if text[before].isWhitespace {
        if index < end { take(text[index..<end]) }
        end = before
      }
      index = before
    }
    if found.count < limit, index < end { take(text[index..<end]) }
    return found.reversed()
  }

  /// One word as compared: lower case, punctuation and symbols removed (empty when nothing is left).
  static func comparedWord(_ word: Substring) -> String {
    ASCIIWords.lowercasedKeeping(word) { !ASCIIWords.isPunctuationOrSymbol($0) } ?? generallyComparedWord(word)
  }

  /// ``comparedWord(_:)`` for any text (the ASCII path gives the same).
  static func generallyComparedWord(_ word: Substring) -> String {
    String(
      word.lowercased().unicodeScalars.filter {
        !CharacterSet.punctuationCharacters.contains($0) && !CharacterSet.symbols.contains($0)
      })
  }

  /// `"text"`, for messages.
  static func quoted(_ text: String) -> String { "\"\(text)\"" }
}
