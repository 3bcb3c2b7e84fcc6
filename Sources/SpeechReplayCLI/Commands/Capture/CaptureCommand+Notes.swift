import SpeechReplayCapture

extension CaptureCommand {
  /// Says which events of a capture were skipped because a newer recorder wrote kinds this version
  /// does not know (Captures.md: old readers skip new kinds); nothing when none were.
  static func noteSkippedKinds(of capture: CaptureFile, path: String) {
    guard !capture.skippedEventKinds.isEmpty else { return }
    let total = capture.skippedEventKinds.values.reduce(0, +)
    let kinds = capture.skippedEventKinds.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }
    Failure.printNote(
      "\(path): skipped \(total) event\(total == 1 ? "" : "s") of kinds this version does not know (\(kinds.joined(separator: ", "))); a newer recorder wrote them — update speech-replay to read them"
    )
  }
}
