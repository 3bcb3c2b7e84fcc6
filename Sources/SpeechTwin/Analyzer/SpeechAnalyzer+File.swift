import AVFAudioTwin
import CoreMediaTwin
import Foundation

extension SpeechAnalyzer {
  /// Creates an analyzer and starts analysing `inputAudioFile` on its own; the file is converted
  /// to the analyzer's format. With `finishAfterFile` the session finalizes and finishes after the
  /// file; without it the session stays open and later audio follows the file on the same timeline.
  public init(
    inputAudioFile: AVAudioFile, modules: [any SpeechModule], options: Options? = nil,
    analysisContext: AnalysisContext = .init(),
    finishAfterFile: Bool = false,
    volatileRangeChangedHandler: sending ((_ range: CMTimeRange, _ changedStart: Bool, _ changedEnd: Bool) -> Void)? =
      nil
  ) async throws {
    let input = try AnalyzerFileInput(file: inputAudioFile)
    self.init(
      inputSequence: input.sequence, modules: modules, options: options, analysisContext: analysisContext,
      volatileRangeChangedHandler: volatileRangeChangedHandler)
    if finishAfterFile { Task { try? await self.finalizeAndFinishThroughEndOfInput() } }
  }

  /// Attaches `audioFile` for autonomous analysis, converted to the analyzer's format.
  public func start(inputAudioFile audioFile: AVAudioFile, finishAfterFile: Bool = false) async throws {
    try await start(inputSequence: try AnalyzerFileInput(file: audioFile).sequence)
    if finishAfterFile { Task { try? await self.finalizeAndFinishThroughEndOfInput() } }
  }

  /// Reads `audioFile` in the caller's task, converted to the analyzer's format, and returns the
  /// time code of the last audio consumed, or nil for an empty file. Does not finish the session.
  public func analyzeSequence(from audioFile: AVAudioFile) async throws -> CMTime? {
    try await analyzeSequence(try AnalyzerFileInput(file: audioFile).sequence)
  }
}
