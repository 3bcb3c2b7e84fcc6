/// What an ``AVAudioConverterInputBlock`` reports about the input it returns, with Apple's raw values.
public enum AVAudioConverterInputStatus: Int, Sendable, Hashable {
  /// The block returns a buffer of input.
  case haveData = 0
  /// No input is available now; the conversion returns what it produced so far.
  case noDataNow = 1
  /// The stream has ended; the converter flushes its filter tail and stays ended until `reset()`.
  case endOfStream = 2
}
