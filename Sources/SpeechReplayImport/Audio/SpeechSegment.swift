/// A stretch of an audio file where the voice-activity detector heard speech.
public struct SpeechSegment: Sendable, Hashable, CustomStringConvertible {
  /// Start, in seconds of the file.
  public var start: Double
  /// End, in seconds of the file.
  public var end: Double

  /// Creates a segment.
  public init(start: Double, end: Double) {
    self.start = start
    self.end = end
  }

  /// Seconds of the segment.
  public var duration: Double { end - start }

  /// `1.240 s – 3.020 s`.
  public var description: String { "\(Self.seconds(start)) – \(Self.seconds(end))" }

  static func seconds(_ value: Double) -> String {
    let millis = Int((value * 1000).rounded())
    let fraction = String(millis % 1000)
    return "\(millis / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) s"
  }
}
