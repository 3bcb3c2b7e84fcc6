import CoreMediaTwin

/// How the analyzer drives a module that listens to the audio itself (the speech detector): it is
/// handed every accepted buffer's samples and publishes its own results.
package protocol AudioAnalysisModule: AnyObject, Sendable {
  /// Analyses `samples` (mono, at the analyzer's rate) covering `range` of the analyzer's timeline.
  func analyze(_ samples: UnsafeBufferPointer<Float>, range: CMTimeRange)
  /// Makes everything before `time` final and publishes what that decides.
  func finalizeAnalysis(through time: CMTime)
  /// Ends the module's results sequence, with an error when the analysis failed.
  func finishResults(throwing error: (any Error)?)
  /// The analyzer the module belongs to (a module cannot join a second analyzer).
  var owner: ModuleOwnership { get }
}
