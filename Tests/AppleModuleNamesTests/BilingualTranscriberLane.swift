// App code in Apple's names, as a meeting tool runs one transcriber per language side by side and
// keeps the better lane: a main-actor class with its input stream made in `init`, fast volatile
// results with time ranges and confidence, `prepareToAnalyze(in:)` before `start`, a reservation
// checked against `reservedLocales`, and each result reduced to its mean run confidence (weighted
// by characters) and its overall `CMTimeRange`. AppCodeSweep2Tests runs it.
import AVFoundation
import CoreMedia
import Speech

/// One lane's result as the router compares them.
struct LaneResult: Sendable, Equatable {
  var locale: String
  var text: String
  var isFinal: Bool
  var confidence: Double?
  var timeRange: CMTimeRange?
}

/// One language's lane.
@available(iOS 26.0, macOS 26.0, *)
@MainActor
final class BilingualTranscriberLane {
  enum Failure: Error { case localeNotSupported(String), noAudioFormat }

  private let locale: Locale
  private let onResult: @MainActor (LaneResult) -> Void
  private var analyzer: SpeechAnalyzer?
  private(set) var analyzerFormat: AVAudioFormat?
  private let inputSequence: AsyncStream<AnalyzerInput>
  private let inputBuilder: AsyncStream<AnalyzerInput>.Continuation
  private var resultsTask: Task<Void, Never>?

  init(locale: Locale, onResult: @escaping @MainActor (LaneResult) -> Void) {
    self.locale = locale
    self.onResult = onResult
    (inputSequence, inputBuilder) = AsyncStream<AnalyzerInput>.makeStream()
  }

  func setUp() async throws {
    let transcriber = SpeechTranscriber(
      locale: locale, transcriptionOptions: [], reportingOptions: [.volatileResults, .fastResults],
      attributeOptions: [.audioTimeRange, .transcriptionConfidence])
    let analyzer = SpeechAnalyzer(modules: [transcriber])
    self.analyzer = analyzer
    try await ensureModel(transcriber)
    guard let format = await SpeechAnalyzer.bestAvailableAudioFormat(compatibleWith: [transcriber]) else {
      throw Failure.noAudioFormat
    }
    analyzerFormat = format
    try await analyzer.prepareToAnalyze(in: format)
    let id = locale.identifier(.bcp47)
    let onResult = onResult
    resultsTask = Task {
      do {
        for try await case let result in transcriber.results {
          onResult(
            LaneResult(
              locale: id, text: String(result.text.characters), isFinal: result.isFinal,
              confidence: Self.meanConfidence(result.text), timeRange: Self.timeRange(result.text)))
        }
      } catch {
        FileHandle.standardError.write(Data("lane \(id): \(error)\n".utf8))
      }
    }
    try await analyzer.start(inputSequence: inputSequence)
  }

  /// From the first run's start to the last run's end; nil when no run carries a range.
  static func timeRange(_ text: AttributedString) -> CMTimeRange? {
    let ranges = text.runs.compactMap(\.audioTimeRange)
    guard let first = ranges.first, let last = ranges.last else { return nil }
    return CMTimeRange(start: first.start, end: last.end)
  }

  /// Confidence averaged over runs, weighted by their characters; nil when no run has one.
  static func meanConfidence(_ text: AttributedString) -> Double? {
    var sum = 0.0
    var weight = 0
    for run in text.runs {
      guard let confidence = run.transcriptionConfidence else { continue }
      let count = text[run.range].characters.count
      sum += confidence * Double(count)
      weight += count
    }
    return weight > 0 ? sum / Double(weight) : nil
  }

  func feed(_ buffer: AVAudioPCMBuffer) {
    inputBuilder.yield(AnalyzerInput(buffer: buffer))
  }

  func finish() async throws {
    inputBuilder.finish()
    try await analyzer?.finalizeAndFinishThroughEndOfInput()
    await resultsTask?.value
    resultsTask = nil
  }

  private func ensureModel(_ transcriber: SpeechTranscriber) async throws {
    let supported = await SpeechTranscriber.supportedLocales
    guard supported.contains(where: { $0.identifier(.bcp47) == locale.identifier(.bcp47) }) else {
      throw Failure.localeNotSupported(locale.identifier)
    }
    if let request = try await AssetInventory.assetInstallationRequest(supporting: [transcriber]) {
      try await request.downloadAndInstall()
    }
    let reserved = await AssetInventory.reservedLocales
    if reserved.contains(where: { $0.identifier(.bcp47) == locale.identifier(.bcp47) }) { return }
    try await AssetInventory.reserve(locale: locale)
  }
}
