/// How a sample-rate converter primes its filter at the start of a stream, with Apple's raw values.
public enum AVAudioConverterPrimeMethod: Int, Sendable, Hashable {
  /// The caller supplies leading and trailing input frames.
  case pre = 0
  /// Leading frames are assumed silent; zero output latency, the converter reads ahead (the default).
  case normal = 1
  /// Leading and trailing frames are assumed silent: "latency mode", the output starts delayed.
  case none = 2
}
