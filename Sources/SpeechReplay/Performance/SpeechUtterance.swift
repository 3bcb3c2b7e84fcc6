import SimulatedDevice

/// One utterance of a scripted model — the words one final result commits — with where its speech
/// starts and ends in the audio file.
///
/// How onset and end are found, from the script alone (so they do not depend on the stack):
/// 1. The script's entries are split at each final result: the entries after one final, up to and
///    including the next, are one utterance. Finals with empty text (nothing said) are skipped.
/// 2. Onset is the earliest start among the utterance's word time ranges and entry ranges (a
///    transcript-generated model gives every word its range; an explicit result may give `range:`).
///    Without any range it is where the previous utterance's final was scripted (0 for the first).
/// 3. End is the latest end among the final's word ranges and its entry range; without any, the
///    audio time the final is scripted at.
///
/// The runner maps these file positions onto virtual time through the microphone's play position:
/// an instant of speech "happens" when the tap buffer that contains it is delivered.
package struct SpeechUtterance: Sendable, Hashable {
  /// 1-based position among the script's utterances.
  package var index: Int
  /// The final text the utterance commits.
  package var text: String
  /// Where speech starts, in seconds of the audio file.
  package var onset: Double
  /// Where speech ends, in seconds of the audio file.
  package var end: Double

  /// Creates an utterance.
  /// - Parameters:
  ///   - index: 1-based position.
  ///   - text: The final text.
  ///   - onset: Speech start in file seconds.
  ///   - end: Speech end in file seconds.
  package init(index: Int, text: String, onset: Double, end: Double) {
    self.index = index
    self.text = text
    self.onset = onset
    self.end = end
  }

  /// `utterance 2 ('the quick brown fox', speech 1.200s–2.400s of the audio)`.
  package var label: String {
    "utterance \(index) ('\(text)', speech \(Self.seconds(onset))–\(Self.seconds(end)) of the audio)"
  }

  /// The utterances of a script, in order.
  /// - Parameter script: The scripted model.
  /// - Returns: One utterance per final result with text.
  package static func utterances(in script: ModelScript) -> [SpeechUtterance] {
    var utterances: [SpeechUtterance] = []
    var pending: [ModelScript.Entry] = []
    var previousFinal = 0.0
    for entry in script.entries.sorted(by: { $0.at.seconds < $1.at.seconds }) {
      pending.append(entry)
      guard entry.kind == .final else { continue }
      defer {
        pending = []
        previousFinal = entry.at.seconds
      }
      let best = entry.alternatives.first ?? RecognizedText(words: [])
      guard !best.isEmpty else { continue }
      var starts: [Double] = [], ends: [Double] = []
      for item in pending {
        if let range = item.range { starts.append(range.start.seconds) }
        for word in item.alternatives.first?.words ?? [] {
          if let range = word.range { starts.append(range.start.seconds) }
        }
      }
      if let range = entry.range { ends.append(range.end.seconds) }
      for word in best.words {
        if let range = word.range { ends.append(range.end.seconds) }
      }
      let onset = starts.min() ?? previousFinal
      let end = max(onset, ends.max() ?? entry.at.seconds)
      utterances.append(SpeechUtterance(index: utterances.count + 1, text: best.string, onset: onset, end: end))
    }
    return utterances
  }

  static func seconds(_ value: Double) -> String {
    let milliseconds = Int((value * 1000).rounded())
    let fraction = String(milliseconds % 1000)
    return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)s"
  }
}
