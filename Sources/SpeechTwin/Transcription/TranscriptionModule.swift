import CoreMediaTwin
import Foundation
import SimulatedDevice
import Synchronization

/// How the analyzer drives a transcriber twin: what to ask of the model, and where its results go.
package protocol TranscriptionModule: ModuleAssets {
  /// What the module asks of the speech model.
  var recognitionRequest: RecognitionRequest { get }
  /// Publishes one model result on the module's results sequence.
  /// - Returns: false when the sequence had already ended (its reader was cancelled or gone), so
  ///   the result was dropped unread.
  @discardableResult func publish(_ result: RecognizedResult) -> Bool
  /// Ends the module's results sequence, with an error when the analysis failed.
  func finishResults(throwing error: (any Error)?)
  /// The analyzer the module belongs to (a module cannot join a second analyzer).
  var owner: ModuleOwnership { get }
}

/// Which analyzer a module belongs to; set once.
package final class ModuleOwnership: Sendable {
  private let owner = Mutex<ObjectIdentifier?>(nil)
  package init() {}
  /// Claims the module for `analyzer`; false when another analyzer already has it.
  package func claim(for analyzer: ObjectIdentifier) -> Bool {
    owner.withLock { current in
      if let current, current != analyzer { return false }
      current = analyzer
      return true
    }
  }
}

extension RecognizedText {
  /// The attributed text a transcriber publishes: one run per word, separated by spaces, with the
  /// audio time range and confidence attributes when the module asked for them.
  /// With `leadingSpace` the first word's run starts with a space (results after the first final).
  func attributedString(
    resultRange: CMTimeRange, timeRanges: Bool, confidence: Bool, leadingSpace: Bool = false
  ) -> AttributedString {
    let lead = leadingSpace && !words.isEmpty ? " " : ""
    // The whole string at once, then attributes per word's range: appending word by word cost
    // 1.7 times as much (AttributedString edits were a fifth of a replay of speech). Without
    // attributes the runs would coalesce into one anyway.
    var text = AttributedString(lead + words.map(\.text).joined(separator: " "))
    guard timeRanges || (confidence && words.contains { $0.confidence != nil }) else { return text }
    let wordsHaveRanges = words.contains { $0.range != nil }
    var start = text.startIndex
    for (index, word) in words.enumerated() {
      // In Unicode scalars: exact even where a word starts with a combining mark.
      let length =
        (index == 0 ? lead.unicodeScalars.count : 0) + word.text.unicodeScalars.count
        + (index + 1 < words.count ? 1 : 0)
      let end = text.index(start, offsetByUnicodeScalars: length)
      if timeRanges { text[start..<end].audioTimeRange = wordsHaveRanges ? word.range : resultRange }
      if confidence, let value = word.confidence { text[start..<end].transcriptionConfidence = value }
      start = end
    }
    return text
  }
}
